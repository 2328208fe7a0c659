import { companyMessages } from "#contract/companies";
import { shopToday } from "#contract/delivery-dates";
import type { PaymentMethod } from "#contract/order-status";
import { type AppliedRate, exemptTax } from "#contract/tax";
import { creditRefusal, type LockedCredit, lockCompanyCredit } from "#server/companies/credit";
import { type OrderingTerms, orderingTerms } from "#server/companies/ordering";
import type { Db, Tx } from "#server/db/database";
import { badRequest, conflict } from "#server/http/errors";
import { type CompanyAccountOrders, companyAccountOrders } from "./company-account";

// What the buyer's company means for an order being placed (issue 27, items 3-5), shared by
// POST /api/order (place-order.ts) and POST /api/checkout (checkout.ts).

export type CompanyOrder = {
  /** The company the order is for (the buyer is a member of an approved company), or null. */
  companyId: string | null;
  /** Off every unit price, after the volume breaks (catalog/pricing.ts `unitPriceCentsFor`). */
  discountPercent: number;
  paymentMethod: PaymentMethod;
  poNumber: string | null;
  /** An on-account order's terms: due this many days after it ships; null for a card order. */
  paymentTermsDays: number | null;
  /** Issue 28: the company is tax-exempt (the order pays no tax): why, stored on the order; else null. */
  taxExemptReason: string | null;
  /** The company's tax ID, stored on the order; null without a company. */
  buyerTaxId: string | null;
};

/**
 * The buyer's company terms applied to the order's PO number and payment method: a 400 when the
 * company requires a PO number and none was given, or when the buyer may not pay on account.
 */
export async function companyOrderOf(
  db: Db | Tx,
  buyerId: string,
  input: { poNumber?: string | undefined; paymentMethod: PaymentMethod },
): Promise<CompanyOrder> {
  return companyOrderWith(await orderingTerms(db, buyerId), input);
}

/** `companyOrderOf` with the terms already read (place-order.ts reads them with the order's number). */
export function companyOrderWith(
  terms: OrderingTerms | null,
  input: { poNumber?: string | undefined; paymentMethod: PaymentMethod },
): CompanyOrder {
  if (terms?.poRequired && !input.poNumber) throw badRequest(companyMessages.poRequired);
  const onAccount = input.paymentMethod === "account";
  if (onAccount && !(terms && terms.paymentTermsDays > 0))
    throw badRequest(companyMessages.accountNotOffered);
  return {
    companyId: terms?.companyId ?? null,
    discountPercent: terms?.discountPercent ?? 0,
    paymentMethod: input.paymentMethod,
    poNumber: input.poNumber ?? null,
    paymentTermsDays: onAccount && terms ? terms.paymentTermsDays : null,
    taxExemptReason: terms?.taxExemptReason || null,
    buyerTaxId: terms?.taxId ?? null,
  };
}

/** The rate the order's lines pay: none for a tax-exempt company, else the delivery address's. */
export const orderRate = (company: CompanyOrder, addressRate: AppliedRate): AppliedRate =>
  company.taxExemptReason ? exemptTax : addressRate;

export type HeldCredit = { credit: LockedCredit; account: CompanyAccountOrders };

/**
 * Locks the company's row for the order's transaction (racing orders of one company take turns) and
 * reads what its credit holds. Taken before any stock lock, by both ways of ordering.
 */
export async function holdCompanyCredit(tx: Tx, companyId: string): Promise<HeldCredit> {
  const credit = await lockCompanyCredit(tx, companyId);
  if (!credit) throw badRequest(companyMessages.accountNotOffered);
  return { credit, account: await companyAccountOrders(tx, companyId) };
}

/** A 409 (the transaction rolls back: nothing reserved, nothing written) when the order cannot go on account. */
export function assertCreditFor(held: HeldCredit, orderCents: number): void {
  const refusal = creditRefusal(held.credit, held.account, orderCents, shopToday());
  if (refusal) throw conflict(refusal);
}

/** What the company has committed once this order is placed, net of its payments (cents). */
export const committedWith = (held: HeldCredit, orderCents: number) =>
  held.account.committedCents - held.credit.paidCents + orderCents;
