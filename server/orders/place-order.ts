import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { neededByProblem } from "#contract/delivery-dates";
import { type LotProblem, lotProblem } from "#contract/lot-rules";
import { lotTotalCents } from "#contract/money";
import type { orderBody } from "#contract/orders";
import { lineTaxCents } from "#contract/tax";
import type { SessionUser } from "#server/accounts/guards";
import { unitPriceCentsFor } from "#server/catalog/pricing";
import { lotOf } from "#server/catalog/stock";
import type { Tx } from "#server/db/database";
import { badRequest, conflict, notFound } from "#server/http/errors";
import {
  assertCreditFor,
  committedWith,
  companyOrderWith,
  holdCompanyCredit,
  orderRate,
} from "./company-order";
import type { PlacedOrder } from "./order-view";
import type { OrdersContext } from "./orders-deps";
import { nextOrderNumberFor, placeOrderTakingStock } from "./take-stock";

export type PlaceOrderInput = z.infer<typeof orderBody>;

const lotError = (problem: LotProblem) =>
  problem.rule === "stock" ? conflict(problem.message) : badRequest(problem.message);

/**
 * Places an order for the signed-in buyer: name and email from the session, product and price
 * a piece from the tool (its price, or the break the quantity reaches: `unitPriceCentsFor`). `alsoInTransaction` runs in the order's transaction (the idempotency key's
 * answer is stored with the order, server/idempotency/keys.ts); if it throws, no order.
 * A member of an approved company orders for it (issue 27): its discount on every unit price, its
 * PO rule, and on account its credit, checked with the company's row locked before the stock's.
 */
export async function placeOrder(
  { db, deps }: OrdersContext,
  buyer: SessionUser,
  input: PlaceOrderInput,
  alsoInTransaction?: (tx: Tx, order: PlacedOrder) => Promise<void>,
): Promise<PlacedOrder> {
  const quantity = input.orderMinimum;
  // The order's number is drawn, with the buyer's company terms and the address's rate of tax, beside
  // the tool's read (one round trip's wait, not two), and kept by a retry (the refused statement
  // inserted nothing). An order refused leaves a gap.
  let numbered: ReturnType<typeof nextOrderNumberFor> | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    numbered ??= nextOrderNumberFor(db, buyer.id, input);
    const [[tool], { number: drawn, terms, rate }] = await Promise.all([lotOf(db, input.orderId), numbered]);
    const company = companyOrderWith(terms, input);
    const tax = orderRate(company, rate);
    if (!tool) throw notFound("No tool with that id");
    const problem = lotProblem(tool, quantity);
    if (problem) throw lotError(problem);
    const tooSoon = neededByProblem(tool.leadTimeDays, input.orderDate);
    if (tooSoon) throw badRequest(tooSoon);
    const unitPriceCents = unitPriceCentsFor(tool, quantity, company.discountPercent);
    const netCents = lotTotalCents(unitPriceCents, quantity);
    const taxCents = lineTaxCents(netCents, tax.rateMilli);
    // What the buyer pays, tax included: the card's charge, and what an on-account order holds of the credit.
    const totalCents = netCents + taxCents;
    if (!Number.isSafeInteger(totalCents)) {
      throw badRequest("This order is too large to take online; please contact us");
    }
    const createdAt = new Date();
    const newOrder = {
      id: randomUUID(),
      number: drawn,
      createdAt,
      unitPriceCents,
      pricing: tool,
      toolId: tool.id,
      userId: buyer.id,
      name: buyer.name,
      email: buyer.email,
      phone: input.orderPhone,
      address: input.orderAddress,
      neededBy: input.orderDate,
      quantity,
      paymentMethod: company.paymentMethod,
      companyId: company.companyId,
      poNumber: company.poNumber,
      country: input.country,
      region: input.region,
      tax,
      taxExemptReason: company.taxExemptReason,
      buyerTaxId: company.buyerTaxId,
    };
    // The buyer's confirmation is written by the same statement as the order, rendered before it.
    const { pricing: _, tax: __, ...shown } = newOrder;
    const confirmation = await deps.messages.placed(
      {
        ...shown,
        productName: tool.name,
        totalCents,
        status: "pending",
        transactionId: null,
        shippedOn: null,
        dueOn: null,
        taxCents,
        invoiceNumber: null,
        creditNoteNumber: null,
        updatedAt: createdAt,
      },
      [],
      company.paymentTermsDays,
    );
    // One statement, no transaction around it (the tool's row is locked only while PostgreSQL runs
    // it), unless something must commit with it: the idempotency key's answer, or a low-stock
    // message when the order may take the tool to its low-stock level (catalog/stock.ts), or the
    // order goes on account: the company's row is locked first, then the stock statement.
    const { companyId } = newOrder;
    const onAccount = newOrder.paymentMethod === "account" && companyId !== null;
    const order =
      alsoInTransaction || tool.lowStockAt !== null || onAccount
        ? await db.transaction(async (tx) => {
            const held = onAccount ? await holdCompanyCredit(tx, companyId) : undefined;
            if (held) assertCreditFor(held, totalCents);
            const placed = await placeOrderTakingStock(tx, newOrder, confirmation);
            if (placed && held && companyId) {
              const limit = held.credit.creditLimitCents;
              await deps.onAccountCommitted(tx, companyId, committedWith(held, totalCents), limit);
            }
            if (placed) await alsoInTransaction?.(tx, placed);
            return placed;
          })
        : await placeOrderTakingStock(db, newOrder, confirmation);
    if (order) {
      deps.onStockChange();
      return order;
    }
    // Another order took the stock after the read, or the price or a break changed: read again, which
    // explains the refusal ("Only 300 pieces left"), or succeeds at the new price.
  }
  throw conflict("The stock changed while you were ordering; please try again");
}
