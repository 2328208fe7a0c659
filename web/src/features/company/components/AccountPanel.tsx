import type { Company, CompanyBalance } from "#contract/companies";
import { formatDollars } from "#contract/money";
import { CompanyBalanceState, CompanyStatement } from "#web/components/company-account/AccountQueries";
import { BalanceFigures } from "#web/components/company-account/BalanceFigures";
import { formatAccountDay, overdueLabel, statementCsvHref } from "#web/lib/companies/account-display";

const cardList = "divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm";
const emptyCard = "rounded-2xl border border-slate-200 bg-white p-5 text-slate-600";

function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatAccountDay(iso)}</time>;
}

/** The shipped on-account orders still open, oldest due first, each overdue one with its badge. */
function AmountsDue({ due }: { due: CompanyBalance["due"] }) {
  if (due.length === 0) return <p className={emptyCard}>Nothing is due: every shipped order is paid.</p>;
  return (
    <ul aria-label="Amounts due" className={cardList}>
      {due.map((amount) => {
        const overdue = overdueLabel(amount.daysOverdue);
        return (
          <li
            key={amount.orderId}
            data-testid="amount-due"
            className="grid gap-2 p-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:px-6"
          >
            <div className="min-w-0">
              <p className="font-semibold text-navy">
                Order <span className="font-mono">{amount.orderNumber}</span>
                {amount.poNumber && (
                  <span className="font-normal text-slate-600 [overflow-wrap:anywhere]">
                    {" "}
                    · PO {amount.poNumber}
                  </span>
                )}
              </p>
              <p className="text-slate-600">
                Shipped <Day iso={amount.shippedOn} /> · due <Day iso={amount.dueOn} />
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:justify-end">
              {overdue && (
                <span className="rounded-full bg-red-50 px-2.5 py-1 font-semibold text-red-800 text-xs ring-1 ring-red-200">
                  {overdue}
                </span>
              )}
              <span className="font-bold text-base text-navy tabular-nums">
                {formatDollars(amount.open)}
                {amount.open !== amount.total && (
                  <span className="font-normal text-slate-600 text-sm">
                    {" "}
                    open of {formatDollars(amount.total)}
                  </span>
                )}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function PaymentsReceived({ payments }: { payments: CompanyBalance["payments"] }) {
  if (payments.length === 0) return <p className={emptyCard}>No payments recorded yet.</p>;
  return (
    <ul aria-label="Payments received" className={cardList}>
      {payments.map((payment) => (
        <li
          key={payment._id}
          data-testid="payment-received"
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4 text-sm sm:px-6"
        >
          <span className="min-w-0 text-navy [overflow-wrap:anywhere]">
            <span className="font-semibold">{payment.reference}</span>
            <span className="text-slate-600">
              {" "}
              · received <Day iso={payment.receivedOn} />
            </span>
          </span>
          <span className="font-bold text-emerald-800 tabular-nums">{formatDollars(payment.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

function Subsection({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={id} className="font-semibold text-base text-navy">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Statement({ companyId }: { companyId: string }) {
  return (
    <Subsection
      id="statement-heading"
      title="Statement"
      aside={
        <a
          href={statementCsvHref(companyId)}
          download
          className="font-semibold text-accent-dark text-sm underline-offset-4 hover:underline"
        >
          Download statement (CSV)
        </a>
      }
    >
      <CompanyStatement companyId={companyId} label="Statement, oldest first" />
    </Subsection>
  );
}

/** The company admins' account: the figures, what is due when, the payments and the statement. */
export function AccountPanel({ company }: { company: Company }) {
  return (
    <section aria-labelledby="account-heading" className="space-y-5">
      <h2 id="account-heading" className="font-semibold text-lg text-navy">
        Account
      </h2>
      <CompanyBalanceState companyId={company._id}>
        {(data) => (
          <div className="space-y-6">
            <BalanceFigures balance={data} paymentTermsDays={company.paymentTermsDays} />
            <Subsection id="due-heading" title="Amounts due">
              <AmountsDue due={data.due} />
            </Subsection>
            <Subsection id="payments-heading" title="Payments received">
              <PaymentsReceived payments={data.payments} />
            </Subsection>
          </div>
        )}
      </CompanyBalanceState>
      <Statement companyId={company._id} />
    </section>
  );
}
