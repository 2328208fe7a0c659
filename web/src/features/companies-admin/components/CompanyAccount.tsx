import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type CompanyListItem, type CompanyPaymentInput, companyPaymentBody } from "#contract/companies";
import { formatDollars } from "#contract/money";
import { CompanyBalanceState, CompanyStatement } from "#web/components/company-account/AccountQueries";
import { BalanceFigures } from "#web/components/company-account/BalanceFigures";
import { controlClass, Field } from "#web/components/FormField";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { statementCsvHref } from "#web/lib/companies/account-display";
import { todayIso } from "#web/lib/delivery/delivery-date";
import { toast } from "#web/lib/toast";
import { useRecordPayment } from "../api/companies";

type Fields = z.output<typeof companyPaymentBody>;

const blank = (): CompanyPaymentInput => ({ amount: Number.NaN, reference: "", receivedOn: todayIso() });

/** Record a transfer received from the company: Amount, Reference, Received on (today by default). */
function RecordPaymentForm({ company }: { company: CompanyListItem }) {
  const record = useRecordPayment(company._id);
  const headingId = `${useId()}-record-payment`;
  const form = useForm<CompanyPaymentInput, unknown, Fields>({
    resolver: zodResolver(companyPaymentBody),
    mode: "onTouched",
    defaultValues: blank(),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (payment) => {
    try {
      await record.mutateAsync(payment);
    } catch {
      return;
    }
    toast.success("Payment recorded", {
      description: `${formatDollars(payment.amount)} from ${company.name}, ${payment.reference}.`,
    });
    form.reset(blank());
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-navy">
        Record payment<span className="sr-only"> from {company.name}</span>
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Amount ($)" error={errors.amount?.message}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              className={controlClass}
              {...form.register("amount", { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field label="Reference" error={errors.reference?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              className={controlClass}
              {...form.register("reference")}
            />
          )}
        </Field>
        <Field label="Received on" error={errors.receivedOn?.message}>
          {(control) => (
            <input {...control} type="date" className={controlClass} {...form.register("receivedOn")} />
          )}
        </Field>
      </div>
      <button type="submit" className="btn btn-primary min-h-10 px-3.5 py-2 text-sm" disabled={isSubmitting}>
        {isSubmitting ? "Recording…" : "Record payment"}
      </button>
      {record.isError && <FailedAlert error={record.error} />}
    </form>
  );
}

/** The statement under the card, read only once asked for, with its CSV download. */
function StatementDisclosure({ company }: { company: CompanyListItem }) {
  const [open, setOpen] = useState(false);
  const panelId = `${useId()}-statement`;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
          className="rounded font-semibold text-accent-dark underline-offset-4 hover:underline"
        >
          {open ? "Hide statement" : "View statement"}
          <span className="sr-only"> of {company.name}</span>
        </button>
        <a
          href={statementCsvHref(company._id)}
          download
          className="font-semibold text-accent-dark underline-offset-4 hover:underline"
        >
          Download statement (CSV)<span className="sr-only"> of {company.name}</span>
        </a>
      </div>
      <div id={panelId} hidden={!open}>
        {open && (
          <CompanyStatement companyId={company._id} label={`Statement of ${company.name}, oldest first`} />
        )}
      </div>
    </div>
  );
}

/** An approved company on account: its balance, a payment to record, its statement. */
export function CompanyAccount({ company }: { company: CompanyListItem }) {
  return (
    <section
      aria-label={`Account of ${company.name}`}
      className="mt-5 space-y-4 border-slate-100 border-t pt-5"
    >
      <CompanyBalanceState companyId={company._id}>
        {(data) => (
          <BalanceFigures balance={data} paymentTermsDays={company.paymentTermsDays} size="compact" />
        )}
      </CompanyBalanceState>
      <RecordPaymentForm company={company} />
      <StatementDisclosure company={company} />
    </section>
  );
}
