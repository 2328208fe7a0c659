import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm } from "react-hook-form";
import { maxTaxRates, type TaxRate } from "#contract/tax";
import { controlClass, Field, FieldError } from "#web/components/FormField";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useSaveTaxRates } from "../api/settings";
import {
  emptyTaxRateRow,
  rowsOf,
  type TaxRatesFormOutput,
  type TaxRatesFormValues,
  taxRatesFormSchema,
} from "../tax-rates-form";

/** A row's field label: "Country code" on screen, "Rate 2: Country code" read out. */
function RowLabel({ n, children }: { n: number; children: string }) {
  return (
    <>
      <span className="sr-only">Rate {n}: </span>
      {children}
    </>
  );
}

/**
 * Tax rates: rows of country code, region (blank: the whole country), rate in percent and label,
 * added and removed, saved as the whole list (PUT /api/settings/tax). An order takes its address's
 * region's rate, else its country's, else none. Checked with the contract's rules, each message
 * under the field it names.
 */
export function TaxRatesForm({ rates }: { rates: readonly TaxRate[] }) {
  const save = useSaveTaxRates();
  const form = useForm<TaxRatesFormValues, unknown, TaxRatesFormOutput>({
    resolver: zodResolver(taxRatesFormSchema),
    mode: "onTouched",
    defaultValues: { rates: rowsOf(rates) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "rates" });
  const { errors, isSubmitting, touchedFields, isSubmitted } = form.formState;
  const listProblem = errors.rates?.message ?? errors.rates?.root?.message;
  const full = fields.length >= maxTaxRates;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      form.reset({ rates: rowsOf(saved.rates) });
      toast.success("Tax rates saved");
    } catch (error) {
      toast.error("The tax rates were not saved", { description: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Tax rates" className="space-y-4">
      {fields.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-slate-700 text-sm ring-1 ring-slate-200/70">
          No rates: orders carry no tax. Add a rate for each country (and region) the shop charges tax in.
        </p>
      ) : (
        <ol className="space-y-3">
          {fields.map((field, i) => {
            // react-hook-form checks the whole list when a row is added or removed: a field's message
            // waits until the admin has left that field (or saved), as in the price breaks' editor.
            const rowErrors = errors.rates?.[i];
            const touched = touchedFields.rates?.[i];
            const shown = (name: "country" | "region" | "rate" | "label") =>
              isSubmitted || touched?.[name] ? rowErrors?.[name]?.message : undefined;
            return (
              <li
                key={field.id}
                data-testid="tax-rate-row"
                className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200/70 sm:p-4"
              >
                <fieldset>
                  <legend className="font-semibold text-navy text-sm">Rate {i + 1}</legend>
                  <div className="mt-1 grid gap-3 sm:grid-cols-2 lg:grid-cols-[8.5rem_minmax(0,1fr)_8rem_minmax(0,1fr)_auto] lg:items-start">
                    <Field label={<RowLabel n={i + 1}>Country code</RowLabel>} error={shown("country")}>
                      {(control) => (
                        <input
                          {...control}
                          {...form.register(`rates.${i}.country`)}
                          type="text"
                          autoComplete="off"
                          autoCapitalize="characters"
                          maxLength={2}
                          placeholder="US"
                          className={`${controlClass} uppercase`}
                        />
                      )}
                    </Field>
                    <Field label={<RowLabel n={i + 1}>Region</RowLabel>} optional error={shown("region")}>
                      {(control) => (
                        <input
                          {...control}
                          {...form.register(`rates.${i}.region`)}
                          type="text"
                          autoComplete="off"
                          maxLength={64}
                          placeholder="Whole country"
                          className={controlClass}
                        />
                      )}
                    </Field>
                    <Field label={<RowLabel n={i + 1}>Rate (%)</RowLabel>} error={shown("rate")}>
                      {(control) => (
                        <input
                          {...control}
                          {...form.register(`rates.${i}.rate`)}
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          placeholder="8.875"
                          className={`${controlClass} tabular-nums`}
                        />
                      )}
                    </Field>
                    <Field label={<RowLabel n={i + 1}>Label</RowLabel>} error={shown("label")}>
                      {(control) => (
                        <input
                          {...control}
                          {...form.register(`rates.${i}.label`)}
                          type="text"
                          autoComplete="off"
                          maxLength={40}
                          placeholder="Sales tax"
                          className={controlClass}
                        />
                      )}
                    </Field>
                    <button
                      type="button"
                      onClick={() => remove(i)}
                      aria-label={`Remove rate ${i + 1}`}
                      className="btn btn-secondary min-h-11 justify-self-start px-3 text-sm lg:mt-7"
                    >
                      Remove
                    </button>
                  </div>
                  {rowErrors?.message && <FieldError message={rowErrors.message} />}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {listProblem && <FieldError message={listProblem} />}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => append(emptyTaxRateRow)}
          disabled={full}
          className="btn btn-secondary px-4 text-sm"
        >
          Add a rate
        </button>
        <span className="text-slate-600 text-sm">
          A blank region is the whole country; a region's rate comes first for addresses in it.
        </span>
      </div>
      {save.isError && <FailedAlert error={save.error} />}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Save tax rates"}
      </button>
    </form>
  );
}
