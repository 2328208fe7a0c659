import type { StatementLine } from "#contract/companies";
import type { OrderStatus, PaymentMethod } from "#contract/order-status";
import { parseIsoDate } from "../delivery/delivery-date";

// How a company's account reads on the company page and the shop admin's companies page (issue 27).

/** "Net 30" for 30-day terms; "Card only" for none. */
export function termsLabel(paymentTermsDays: number): string {
  return paymentTermsDays > 0 ? `Net ${paymentTermsDays}` : "Card only";
}

/** "Overdue 1 day", "Overdue 12 days"; undefined when not overdue. */
export function overdueLabel(daysOverdue: number): string | undefined {
  if (daysOverdue <= 0) return undefined;
  return `Overdue ${daysOverdue.toLocaleString("en-US")} ${daysOverdue === 1 ? "day" : "days"}`;
}

/** A statement line's "What": "Order CM-10482 · PO 4471", "Payment TR-889" or "Credit note CN-2026-000001 for CM-10482". */
export function statementWhat(line: Pick<StatementLine, "kind" | "reference">): string {
  if (line.kind === "credit_note") return line.reference;
  return `${line.kind === "order" ? "Order" : "Payment"} ${line.reference}`;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** "Nov 28, 2026" for a YYYY-MM-DD day (or the start of an ISO instant), in no time zone. */
export function formatAccountDay(iso: string): string {
  const date = parseIsoDate(iso.slice(0, 10));
  return date ? dayFormat.format(date) : iso;
}

/**
 * An order of the company's list as its admins read it: an on-account order is confirmed when placed
 * (nothing to pay by card) and paid later by transfer; a card order waits for its payment.
 */
export function companyOrderStatusLabel(status: OrderStatus, paymentMethod: PaymentMethod): string {
  if (status === "pending") return paymentMethod === "account" ? "Preparing shipment" : "Awaiting payment";
  if (status === "paid") return "Preparing shipment";
  return status === "shipped" ? "Shipped" : "Cancelled";
}

/** The statement's CSV download (`GET /api/companies/{id}/statement?format=csv`). */
export function statementCsvHref(companyId: string): string {
  return `/api/companies/${encodeURIComponent(companyId)}/statement?format=csv`;
}
