import type { StatementLine } from "#contract/companies";
import { centsToDollars } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import type { CompanyAccount } from "./balance";

// A company's statement (issue 27, item 6): the orders shipped on account (charges, on the day they
// shipped) and the payments (credits, on the day received), oldest first, with the running balance.
// An order refunded after it shipped (issue 28) keeps its charge, and its credit note is a credit on
// the day it was cancelled: the history stays as it was, and the balance comes back down.

type Entry = {
  date: string;
  kind: StatementLine["kind"];
  reference: string;
  chargeCents: number;
  creditCents: number;
  order: number;
};

/** "CM-10482 · PO ABC-123", or "CM-10482" for an order without a PO number. */
export const orderReference = (number: number, poNumber: string | null) =>
  poNumber ? `${formatOrderNumber(number)} · PO ${poNumber}` : formatOrderNumber(number);

/** On one day: the orders shipped, then the credit notes, then the payments received. */
const kindOrder: Record<StatementLine["kind"], number> = { order: 0, credit_note: 1, payment: 2 };

/**
 * "Credit note CN-2026-000001 for CM-10482" (with its PO number when it has one); "Refund of CM-10482"
 * for an order shipped before invoices were issued.
 */
export const creditNoteReference = (
  creditNoteNumber: string | null,
  number: number,
  poNumber: string | null,
) =>
  creditNoteNumber
    ? `Credit note ${creditNoteNumber} for ${orderReference(number, poNumber)}`
    : `Refund of ${orderReference(number, poNumber)}`;

/**
 * The statement's lines, in cents, oldest first: on one day the orders shipped come before the
 * credit notes and the payments received (each in the order it was placed or recorded).
 */
export function statementOf(account: CompanyAccount): StatementLine[] {
  const entries: Entry[] = [
    ...[...account.shipped, ...account.credited].map((o) => ({
      date: o.shippedOn,
      kind: "order" as const,
      reference: orderReference(o.number, o.poNumber),
      chargeCents: o.totalCents,
      creditCents: 0,
      order: o.number,
    })),
    ...account.credited.map((o) => ({
      date: o.creditedOn,
      kind: "credit_note" as const,
      reference: creditNoteReference(o.creditNoteNumber, o.number, o.poNumber),
      chargeCents: 0,
      creditCents: o.totalCents,
      order: o.number,
    })),
    ...account.payments.map((p) => ({
      date: p.receivedOn,
      kind: "payment" as const,
      reference: p.reference,
      chargeCents: 0,
      creditCents: p.amountCents,
      order: p.createdAt.getTime(),
    })),
  ];
  entries.sort(
    (a, b) => a.date.localeCompare(b.date) || kindOrder[a.kind] - kindOrder[b.kind] || a.order - b.order,
  );
  let running = 0;
  return entries.map((e) => {
    running += e.chargeCents - e.creditCents;
    return {
      date: e.date,
      kind: e.kind,
      reference: e.reference,
      charge: centsToDollars(e.chargeCents),
      credit: centsToDollars(e.creditCents),
      runningBalance: centsToDollars(running),
    };
  });
}

/** The CSV's columns; money in dollars with two decimals. */
export const statementHeader = ["date", "kind", "reference", "charge", "credit", "balance"] as const;

const twoDecimals = (dollars: number) => dollars.toFixed(2);

export const statementCsvRows = (lines: readonly StatementLine[]) =>
  lines.map((l) => [
    l.date,
    l.kind,
    l.reference,
    twoDecimals(l.charge),
    twoDecimals(l.credit),
    twoDecimals(l.runningBalance),
  ]);

/** "garage-a" from "Garage A": a company's name as a download's file name may carry it. */
export function filenameSlug(name: string, fallback: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || fallback;
}
