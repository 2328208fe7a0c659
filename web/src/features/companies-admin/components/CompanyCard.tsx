import { useId, useState } from "react";
import { type CompanyListItem, type CompanyStatus, paymentTerms } from "#contract/companies";
import { controlClass } from "#web/components/FormField";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { toast } from "#web/lib/toast";
import { useUpdateCompany } from "../api/companies";
import { CompanyAccount } from "./CompanyAccount";

const statusBadges: Record<CompanyStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-slate-200 text-slate-800",
};

const decisions = [
  { status: "approved", label: "Approve", look: "btn-primary" },
  { status: "rejected", label: "Reject", look: "btn-secondary" },
] as const;

/** The terms typed as numbers: the server checks them and says what is wrong. */
const amountFields = [
  { field: "creditLimit", label: "Credit limit ($)", max: undefined, step: "0.01", inputMode: "decimal" },
  { field: "discountPercent", label: "Discount (%)", max: 50, step: "1", inputMode: "numeric" },
] as const;

const appliedFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** One company of the admins' list: who applied, Approve / Reject, and its terms. */
export function CompanyCard({ company }: { company: CompanyListItem }) {
  const update = useUpdateCompany();
  const id = useId();
  const [terms, setTerms] = useState({
    paymentTermsDays: String(company.paymentTermsDays),
    creditLimit: String(company.creditLimit),
    discountPercent: String(company.discountPercent),
    poRequired: company.poRequired,
    taxExemptReason: company.taxExemptReason ?? "",
  });
  const headingId = `${id}-name`;

  function decide(status: CompanyStatus) {
    update.mutate(
      { id: company._id, terms: { status } },
      { onSuccess: () => toast.success(`${company.name} is ${status}`) },
    );
  }

  function saveTerms(event: React.FormEvent) {
    event.preventDefault();
    update.mutate(
      {
        id: company._id,
        terms: {
          paymentTermsDays: Number(terms.paymentTermsDays) as (typeof paymentTerms)[number],
          creditLimit: terms.creditLimit.trim() === "" ? Number.NaN : Number(terms.creditLimit),
          discountPercent: terms.discountPercent.trim() === "" ? Number.NaN : Number(terms.discountPercent),
          poRequired: terms.poRequired,
          // Empty ends the exemption (the server reads "" as none).
          taxExemptReason: terms.taxExemptReason,
        },
      },
      { onSuccess: () => toast.success(`Terms of ${company.name} saved`) },
    );
  }

  return (
    <article
      aria-labelledby={headingId}
      data-testid="company"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-lg text-navy [overflow-wrap:anywhere]">
            {company.name}
          </h2>
          <p className="text-slate-600 text-sm [overflow-wrap:anywhere]">
            Tax ID {company.taxId} · applied {appliedFormat.format(new Date(company.createdAt))}
            {company.applicant && ` by ${company.applicant.name} (${company.applicant.email})`}
          </p>
          <p className="mt-1 text-slate-700 text-sm whitespace-pre-line [overflow-wrap:anywhere]">
            {company.address}
          </p>
          {company.taxExemptReason && (
            <p data-testid="tax-exempt" className="mt-1 text-sm text-violet-900 [overflow-wrap:anywhere]">
              Tax exempt: {company.taxExemptReason}
            </p>
          )}
        </div>
        <span
          className={`rounded-full px-2.5 py-1 font-semibold text-sm capitalize ${statusBadges[company.status]}`}
        >
          {company.status}
        </span>
      </div>

      <div className="mt-4 flex flex-wrap gap-3">
        {decisions.map(({ status, label, look }) => (
          <button
            key={status}
            type="button"
            className={`btn ${look} min-h-10 px-3.5 py-2 text-sm`}
            disabled={update.isPending || company.status === status}
            onClick={() => decide(status)}
          >
            {label}
            <span className="sr-only"> {company.name}</span>
          </button>
        ))}
      </div>

      <form
        noValidate
        onSubmit={saveTerms}
        aria-label={`Terms of ${company.name}`}
        className="mt-5 grid gap-4 border-slate-100 border-t pt-5 sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className="font-semibold text-sm text-steel">
          Payment terms
          <select
            className={controlClass}
            value={terms.paymentTermsDays}
            onChange={(e) => setTerms({ ...terms, paymentTermsDays: e.target.value })}
          >
            {paymentTerms.map((days) => (
              <option key={days} value={days}>
                {days === 0 ? "Card only" : `${days} days`}
              </option>
            ))}
          </select>
        </label>
        {amountFields.map(({ field, label, max, step, inputMode }) => (
          <label key={field} className="font-semibold text-sm text-steel">
            {label}
            <input
              type="number"
              min={0}
              max={max}
              step={step}
              inputMode={inputMode}
              className={controlClass}
              value={terms[field]}
              onChange={(e) => setTerms({ ...terms, [field]: e.target.value })}
            />
          </label>
        ))}
        <label className="flex items-center gap-2 self-end pb-3 font-semibold text-sm text-steel">
          <input
            type="checkbox"
            className="size-4"
            checked={terms.poRequired}
            onChange={(e) => setTerms({ ...terms, poRequired: e.target.checked })}
          />
          PO number required
        </label>
        <div className="sm:col-span-2 lg:col-span-4">
          <label htmlFor={`${id}-exempt`} className="font-semibold text-sm text-steel">
            Tax exemption reason
          </label>
          <input
            id={`${id}-exempt`}
            type="text"
            maxLength={200}
            aria-describedby={`${id}-exempt-hint`}
            placeholder="EU reverse charge, resale certificate…"
            className={controlClass}
            value={terms.taxExemptReason}
            onChange={(e) => setTerms({ ...terms, taxExemptReason: e.target.value })}
          />
          <p id={`${id}-exempt-hint`} className="mt-1.5 text-slate-600 text-sm">
            With a reason, the company's orders carry no tax and its invoices print the reason. Empty: it pays
            tax.
          </p>
        </div>
        <div className="sm:col-span-2 lg:col-span-4">
          <button
            type="submit"
            className="btn btn-secondary min-h-10 px-3.5 py-2 text-sm"
            disabled={update.isPending}
          >
            Save terms<span className="sr-only"> of {company.name}</span>
          </button>
        </div>
      </form>
      {update.isError && <FailedAlert error={update.error} className="mt-4" />}
      {company.status === "approved" && company.paymentTermsDays > 0 && <CompanyAccount company={company} />}
    </article>
  );
}
