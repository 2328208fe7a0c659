import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

type CheckboxGroupProps = {
  /** The group's legend ("Events"). */
  legend: string;
  /** Each box: its value (shown small beside the label, as the API names it) and its label. */
  options: readonly { value: string; label: string }[];
  /** react-hook-form's `register(field)` for the array the checked values make. */
  field: UseFormRegisterReturn;
  /** The group's validation message, shown under it in red. */
  error?: string | undefined;
  /** Classes of the list ("grid sm:grid-cols-2"). */
  listClassName?: string;
};

/** A labelled group of checkboxes that fill one array field; each row is a 44 px touch target. */
export function CheckboxGroup({ legend, options, field, error, listClassName = "" }: CheckboxGroupProps) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="block font-semibold text-sm text-steel">{legend}</legend>
      <ul className={`mt-1.5 ${listClassName}`}>
        {options.map(({ value, label }) => (
          <li key={value}>
            <label className="flex min-h-11 items-center gap-3 text-slate-700">
              <input type="checkbox" value={value} className="size-5 shrink-0 accent-orange-600" {...field} />
              <span>
                {label} <span className="font-mono text-slate-500 text-xs">{value}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
