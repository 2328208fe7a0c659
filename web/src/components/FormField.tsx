import { type ReactNode, useId } from "react";
import { AlertIcon } from "./icons";

// The dashboard forms' fields (tools, profiles, portfolios, reviews, orders, payments): a label, the
// control, and a help line or the field's message underneath, tied to the control with
// aria-describedby.

/** Text inputs, selects and text areas; red when aria-invalid, grey when readonly (an attribute selector:
 * `:read-only` also matches every select). */
export const controlClass =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-navy shadow-sm placeholder:text-slate-500 focus:border-accent-dark focus:outline-none focus:ring-3 focus:ring-orange-200 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:border-red-700 aria-[invalid=true]:focus:ring-red-200 [&[readonly]]:border-slate-200 [&[readonly]]:bg-slate-50 [&[readonly]]:text-slate-600 [&[readonly]]:shadow-none [&[readonly]]:focus:ring-slate-200";

/** What a control needs from its field: its id and the id of the line that describes it. */
export type FieldControl = {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** The field's message (red, the control's description); replaces the hint while there is one. */
  error?: string | undefined;
  /** A short help line under the control. */
  hint?: ReactNode;
  /** Shown beside the label for optional fields. */
  optional?: boolean;
  /** Classes for the field's wrapper (its place in a grid). */
  className?: string;
  /** Renders the control, spreading `control` on it (id, aria-invalid, aria-describedby). */
  children: (control: FieldControl) => ReactNode;
};

/** The red line under a field, with an icon. */
export function FieldError({ id, message }: { id?: string; message: string }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 font-medium text-red-700 text-sm">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** A labelled control: `children` receives the id, aria-describedby and aria-invalid to spread on it. */
export function Field({ label, error, hint, optional = false, className = "", children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className="flex items-baseline justify-between gap-2 font-semibold text-sm text-steel"
      >
        <span>{label}</span>
        {optional && <span className="font-normal text-slate-500 text-xs">Optional</span>}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {error ? (
        <FieldError id={errorId} message={error} />
      ) : (
        hint && (
          <p id={hintId} className="mt-1.5 text-slate-600 text-sm">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
