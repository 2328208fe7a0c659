import { formatCents } from "#contract/money";
import { rateLine } from "#web/lib/tax/tax-summary";
import type { OrderTax } from "#web/lib/tax/use-order-tax";

type TaxBreakdownProps = {
  tax: OrderTax;
  /** Shows the subtotal row (the Order Now form shows its subtotal above, with the price a piece). */
  subtotal?: boolean;
  /** The last row, the total with tax, its label and test id; none where the form shows it itself. */
  total?: { label: string; testId: string };
};

/**
 * An order's figures before it is placed: the subtotal, the tax per rate ("Sales tax 8.875% —
 * $12.43", or why a company pays none) and the total with tax; while the rates are read, a line
 * saying so; when they could not be, the reason and "Try again".
 */
export function TaxBreakdown({ tax, subtotal = true, total }: TaxBreakdownProps) {
  if (tax.state === "pending") {
    return (
      <p role="status" className="basis-full text-slate-600 text-sm">
        Working out the tax…
      </p>
    );
  }
  if (tax.state === "failed") {
    return (
      <p role="alert" className="basis-full text-red-800 text-sm">
        The tax could not be worked out: {tax.message}{" "}
        <button
          type="button"
          onClick={tax.retry}
          className="rounded font-semibold text-accent-dark underline underline-offset-4"
        >
          Try again
        </button>
      </p>
    );
  }
  const { summary, exemptReason } = tax;
  return (
    <dl data-testid="tax-breakdown" className="basis-full space-y-1 text-slate-700 text-sm tabular-nums">
      {subtotal && (
        <div className="flex justify-between gap-3">
          <dt>Subtotal</dt>
          <dd data-testid="tax-subtotal">{formatCents(summary.subtotalCents)}</dd>
        </div>
      )}
      {summary.rates.map((rate) => (
        <div key={`${rate.label}/${rate.rateMilli}`} data-testid="tax-line">
          <dt className="sr-only">Tax</dt>
          <dd>
            {rateLine(rate)}
            {exemptReason && <span className="block text-slate-600 text-xs">{exemptReason}</span>}
          </dd>
        </div>
      ))}
      {total && (
        <div className="flex items-baseline justify-between gap-3 border-orange-200 border-t pt-1.5">
          <dt className="font-semibold text-navy">{total.label}</dt>
          <dd data-testid={total.testId} className="font-bold text-lg text-navy">
            {formatCents(summary.totalCents)}
          </dd>
        </div>
      )}
    </dl>
  );
}
