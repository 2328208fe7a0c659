import { type FieldErrors, type UseFormReturn, useFieldArray } from "react-hook-form";
import type { NewTool, NewToolInput, ToolChanges } from "#contract/catalog";
import { maxPriceBreaks } from "#contract/price-breaks";
import { Field, FieldError } from "#web/components/FormField";
import { DollarInput, WholeNumberInput } from "./tool-inputs";

/** The add and edit form of a tool (AddToolForm). */
export type ToolForm = UseFormReturn<NewToolInput, unknown, NewTool | ToolChanges>;

/** A new break's empty fields. */
const emptyBreak = { minQuantity: "", price: "" };

/** A row's field label: "From (pieces)" on screen, "Break 2: From (pieces)" read out. */
function RowLabel({ n, children }: { n: number; children: string }) {
  return (
    <>
      <span className="sr-only">Break {n}: </span>
      {children}
    </>
  );
}

/** The message about the list as a whole ("at most 10"), which zod puts on `priceBreaks` itself. */
function listError(errors: FieldErrors<NewToolInput>): string | undefined {
  const list = errors.priceBreaks;
  return list?.message ?? list?.root?.message;
}

/**
 * The admin form's volume price breaks (issue 26): rows of "from N pieces" and "a piece costs $x",
 * added and removed, at most 10. Checked with the form's schema (contract/price-breaks.ts's rules),
 * each message under the field of the break it names; sent as `priceBreaks`.
 */
export function PriceBreaksEditor({ form }: { form: ToolForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "priceBreaks" });
  const { errors, touchedFields, isSubmitted } = form.formState;
  const full = fields.length >= maxPriceBreaks;
  const problem = listError(errors);

  return (
    <fieldset className="space-y-4">
      <legend className="font-semibold text-base text-navy">Volume price breaks</legend>
      <p className="-mt-2 text-slate-600 text-sm">
        From a quantity on, a piece costs less. Each break needs more pieces and a lower price than the one
        before it; below the first break a piece costs the tool's price.
      </p>
      {fields.length > 0 && (
        <ol className="space-y-3">
          {fields.map((field, i) => {
            // react-hook-form checks a row's fields together: a field's message waits until the admin
            // has left that field (or saved), not only its neighbour, as the other fields do.
            const rowErrors = errors.priceBreaks?.[i];
            const touched = touchedFields.priceBreaks?.[i];
            const shown = (field: "minQuantity" | "price") =>
              isSubmitted || touched?.[field] ? rowErrors?.[field]?.message : undefined;
            return (
              <li key={field.id} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200/70 sm:p-4">
                <fieldset>
                  <legend className="font-semibold text-navy text-sm">Break {i + 1}</legend>
                  <div className="mt-1 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
                    <Field label={<RowLabel n={i + 1}>From (pieces)</RowLabel>} error={shown("minQuantity")}>
                      {(control) => (
                        <WholeNumberInput
                          control={control}
                          registration={form.register(`priceBreaks.${i}.minQuantity`)}
                          placeholder="500"
                        />
                      )}
                    </Field>
                    <Field label={<RowLabel n={i + 1}>Price a piece</RowLabel>} error={shown("price")}>
                      {(control) => (
                        <DollarInput
                          control={control}
                          registration={form.register(`priceBreaks.${i}.price`)}
                          placeholder="5.90"
                        />
                      )}
                    </Field>
                    <button
                      type="button"
                      onClick={() => remove(i)}
                      aria-label={`Remove break ${i + 1}`}
                      className="btn btn-secondary min-h-11 justify-self-start px-3 text-sm sm:mt-7"
                    >
                      Remove
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {problem && <FieldError message={problem} />}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => append(emptyBreak)}
          disabled={full}
          className="btn btn-secondary px-4 text-sm"
        >
          Add a price break
        </button>
        <span className="text-slate-600 text-sm">
          {full
            ? `That is the most a tool can have (${maxPriceBreaks}).`
            : `Up to ${maxPriceBreaks} breaks; none sells every piece at the tool's price.`}
        </span>
      </div>
    </fieldset>
  );
}
