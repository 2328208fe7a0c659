import type { CompanyBalance } from "#contract/companies";
import { formatDollars } from "#contract/money";
import { termsLabel } from "#web/lib/companies/account-display";

type BalanceFiguresProps = {
  balance: CompanyBalance;
  paymentTermsDays: number;
  /** "compact": a card's summary (the shop admin's companies page). */
  size?: "full" | "compact";
};

/**
 * A company's account in figures: Balance, Credit limit, Available, Overdue (red when there is
 * any) and the payment terms ("Net 30"). Two columns on a phone, five on a wide screen.
 */
export function BalanceFigures({ balance, paymentTermsDays, size = "full" }: BalanceFiguresProps) {
  const overdue = balance.overdue > 0;
  const figures: { label: string; value: string; alert?: boolean }[] = [
    { label: "Balance", value: formatDollars(balance.balance) },
    { label: "Credit limit", value: formatDollars(balance.creditLimit) },
    { label: "Available", value: formatDollars(balance.available) },
    { label: "Overdue", value: formatDollars(balance.overdue), alert: overdue },
    { label: "Payment terms", value: termsLabel(paymentTermsDays) },
  ];
  const box =
    size === "full"
      ? "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      : "rounded-xl bg-slate-50 p-4";
  return (
    <dl className={`grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-5 ${box}`}>
      {figures.map(({ label, value, alert }) => (
        <div key={label} className="min-w-0" data-testid={`account-${label.toLowerCase().replace(" ", "-")}`}>
          <dt className="font-semibold text-sm text-steel">{label}</dt>
          <dd
            className={`font-bold tabular-nums ${size === "full" ? "text-lg" : "text-base"} ${
              alert ? "text-red-700" : "text-navy"
            }`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
