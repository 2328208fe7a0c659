import { type ComponentPropsWithRef, useId, useState } from "react";
import { EyeIcon, EyeOffIcon } from "../auth-icons";

type TextFieldProps = Omit<ComponentPropsWithRef<"input">, "id" | "className"> & {
  label: string;
  /** The field's validation message, shown under it in red. */
  error?: string;
  /** A short help line under the field, while there is no message. */
  hint?: string;
};

const inputBase =
  "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-navy shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:outline-none focus:ring-3";
const inputOk = "border-slate-300 focus:border-accent-dark focus:ring-orange-200";
const inputBad = "border-red-600 focus:border-red-700 focus:ring-red-200";

/**
 * A labelled input with its message underneath (react-hook-form's `register(...)` spreads onto it).
 * A password field gets a Show/Hide button.
 */
export function TextField({ label, error, hint, type = "text", ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-steel">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          type={isPassword && revealed ? "text" : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputBase} ${error ? inputBad : inputOk} ${isPassword ? "pr-12" : ""}`}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-navy"
            aria-label="Show password"
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="mt-1.5 text-sm text-slate-600">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
