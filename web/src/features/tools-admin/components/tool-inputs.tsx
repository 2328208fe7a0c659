import type { UseFormRegisterReturn } from "react-hook-form";
import { controlClass, type FieldControl } from "#web/components/FormField";

// The tool form's number inputs (AddToolForm and its price breaks): each gets its field's control
// (id, aria-…) and the form's registration of its name.

type NumberInputProps = {
  control: FieldControl;
  registration: UseFormRegisterReturn;
  placeholder: string;
};

/** Whole numbers only (pieces, days), from `min` (1 unless said). */
export function WholeNumberInput({
  control,
  registration,
  placeholder,
  min = 1,
}: NumberInputProps & { min?: number }) {
  return (
    <input
      {...control}
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      autoComplete="off"
      placeholder={placeholder}
      className={controlClass}
      {...registration}
    />
  );
}

/** Dollars and cents, with a "$" drawn in front. */
export function DollarInput({ control, registration, placeholder }: NumberInputProps) {
  return (
    <div className="relative mt-1.5">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-500"
      >
        $
      </span>
      <input
        {...control}
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        autoComplete="off"
        placeholder={placeholder}
        className={`${controlClass} mt-0! pl-7`}
        {...registration}
      />
    </div>
  );
}
