import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Cart } from "#contract/cart";
import type { CheckoutRefusal, checkoutBody, ShortLine } from "#contract/checkout";
import { neededByProblem } from "#contract/delivery-dates";
import { lotProblem } from "#contract/lot-rules";
import { dollarsToCents, lotTotalCents } from "#contract/money";
import { lineTaxCents } from "#contract/tax";
import type { SessionUser } from "#server/accounts/guards";
import { unitPriceCentsFor } from "#server/catalog/pricing";
import { type LockedTool, lockToolsForOrder, reserveLines } from "#server/catalog/stock";
import { arrayParam } from "#server/db/arrays";
import type { Tx } from "#server/db/database";
import { badRequest, conflict } from "#server/http/errors";
import { announceMail, enqueueMailFrom, type MailMessage } from "#server/mail/outbox";
import { announceWebhooks, recordWebhookEventFrom } from "#server/webhooks/events";
import {
  assertCreditFor,
  committedWith,
  companyOrderWith,
  holdCompanyCredit,
  orderRate,
} from "./company-order";
import { type OrderLineRow, type OrderRow, type PlacedOrder, toOrderEventData } from "./order-view";
import type { OrdersContext } from "./orders-deps";
import { orderEvents, orderLines, orders } from "./tables";
import { nextOrderNumberFor } from "./take-stock";

export type CheckoutInput = z.infer<typeof checkoutBody>;

export const emptyCart = "Your cart is empty";
export const shortStock = "Some lines of your cart cannot be reserved: nothing was ordered";
export const lineProblems = "Some lines of your cart have changed: check them before checking out";
export const totalChanged =
  "The total of your cart is not the one you confirmed: check the cart and confirm its total again";
const noLongerSold = "This tool is no longer sold";

/** A refusal with a body beyond `{error}` (the cart, the short lines): answered as it is. */
export type CheckoutOutcome =
  | { placed: PlacedOrder }
  | { refused: { status: 409; body: CheckoutRefusal | { error: string; cart: Cart } } };

/** Why a line's tool cannot be ordered now in that quantity, when it is about the stock. */
function stockProblem(tool: LockedTool | undefined, quantity: number): string | undefined {
  if (!tool || tool.archivedAt !== null) return noLongerSold;
  const problem = lotProblem(tool, quantity);
  return problem?.rule === "stock" ? problem.message : undefined;
}

/** The columns of order_lines, in the insert's order, with their PostgreSQL types. */
const lineColumns = [
  ["lineNo", "smallint"],
  ["toolId", "uuid"],
  ["sku", "text"],
  ["productName", "text"],
  ["unitPriceCents", "integer"],
  ["quantity", "integer"],
  ["taxRateMilli", "integer"],
  ["taxLabel", "text"],
  ["taxCents", "bigint"],
] as const;

/**
 * The order, its lines (ten array parameters however many there are), its "Order placed" event, its
 * `order.placed` webhook event, the buyer's confirmation and the emptied cart in ONE statement: four round trips fewer for every
 * checkout. The lines take the order's id from the inserted row, so they follow it.
 */
async function insertOrderStatement(
  tx: Tx,
  order: OrderRow,
  rows: readonly OrderLineRow[],
  confirmation: MailMessage,
  clearCart: SQL,
) {
  const columns = lineColumns.map(([key, type]) =>
    arrayParam(
      rows.map((r) => r[key]),
      type,
    ),
  );
  const o = order;
  const result = await tx.execute(sql`
    with placed as (
      insert into ${orders} (id, number, created_at, updated_at, tool_id, user_id, name, email, phone, address,
        needed_by, product_name, unit_price_cents, quantity, total_cents, payment_method, company_id, po_number,
        country, region, tax_cents, tax_exempt_reason, buyer_tax_id)
      values (${o.id}::uuid, ${o.number}::bigint, ${o.createdAt}::timestamptz, ${o.createdAt}::timestamptz,
        ${o.toolId}::uuid, ${o.userId}, ${o.name}, ${o.email}, ${o.phone}, ${o.address}, ${o.neededBy}::date,
        ${o.productName}, ${o.unitPriceCents}::integer, ${o.quantity}::integer, ${o.totalCents}::bigint,
        ${o.paymentMethod}, ${o.companyId}::uuid, ${o.poNumber}, ${o.country}, ${o.region},
        ${o.taxCents}::bigint, ${o.taxExemptReason}, ${o.buyerTaxId})
      returning id
    ), lined as (
      insert into ${orderLines} (order_id, line_no, tool_id, sku, product_name, unit_price_cents, quantity,
        tax_rate_milli, tax_label, tax_cents)
      select placed.id, l.* from placed cross join unnest(${sql.join(columns, sql`, `)}) as l
    ), logged as (
      insert into ${orderEvents} (order_id, to_status, actor_user_id, note)
      select id, 'pending', ${o.userId}, 'Order placed' from placed
    ), announced as (
      ${recordWebhookEventFrom(sql`placed`, "order.placed", o.id, toOrderEventData(o), o.createdAt)}
    ), confirmed as (
      ${enqueueMailFrom(sql`placed`, confirmation)}
    ), cleared as (
      ${clearCart}
    )
    select id, (select count(*) from announced) as webhooks from placed`);
  announceMail(confirmation);
  const [row] = (result as unknown as { rows: { webhooks: number | string }[] }).rows;
  if (Number(row?.webhooks) > 0) announceWebhooks();
}

/**
 * Turns the buyer's cart into ONE order of its lines (1 to 500), in one transaction: the cart
 * locked and read, the tools locked in id order, every line checked under those locks, then the
 * stock of every line taken (all or none), the order, its lines (each at the price a piece its
 * quantity reaches: catalog/pricing.ts `unitPriceCentsFor`), its event, the confirmation and the
 * emptied cart. `alsoInTransaction` runs before it commits (the idempotency key's answer).
 * A member of an approved company orders for it (issue 27): its discount on every line, its PO
 * rule, and on account its credit (the company's row locked first, before the cart and the tools).
 */
export async function checkout(
  { db, deps }: OrdersContext,
  buyer: SessionUser,
  input: CheckoutInput,
  alsoInTransaction?: (tx: Tx, order: PlacedOrder) => Promise<void>,
): Promise<CheckoutOutcome> {
  // The order's number, the buyer's company terms and the address's rate of tax, in one statement
  // before the transaction (not beside it: the embedded database has one connection, which the
  // transaction holds until it ends). A checkout refused leaves a gap in the numbers, as a refused
  // order does.
  const { number, terms, rate } = await nextOrderNumberFor(db, buyer.id, input);
  const company = companyOrderWith(terms, input);
  const tax = orderRate(company, rate);
  const { companyId } = company;
  const outcome = await db.transaction(async (tx): Promise<CheckoutOutcome> => {
    const onAccount = company.paymentMethod === "account" && companyId !== null;
    const credit = onAccount ? await holdCompanyCredit(tx, companyId) : undefined;
    const stored = await deps.cart.lockCart(tx, buyer.id);
    const toolIds = stored.map((l) => l.toolId);
    if (toolIds.length === 0) throw badRequest(emptyCart);
    const locked = await lockToolsForOrder(tx, toolIds);
    // Read again under the tools' locks: what it says now holds until the order commits.
    const cart = await deps.cart.lockedCart(tx, stored, locked, company.discountPercent);
    const short: ShortLine[] = [];
    for (const line of cart.lines) {
      const tool = locked.get(line.toolId);
      const error = stockProblem(tool, line.quantity);
      if (error) {
        short.push({
          toolId: line.toolId,
          sku: tool?.sku ?? null,
          name: line.name,
          quantity: line.quantity,
          available: tool?.available ?? 0,
          error,
        });
      }
    }
    if (short.length > 0)
      return { refused: { status: 409, body: { error: shortStock, shortLines: short, cart } } };
    if (cart.lines.some((l) => l.problem !== null)) {
      return { refused: { status: 409, body: { error: lineProblems, cart } } };
    }
    const lines = cart.lines.map((line) => {
      const tool = locked.get(line.toolId);
      if (!tool) throw new Error("checkout: a line's tool was not locked");
      const unitPriceCents = unitPriceCentsFor(tool, line.quantity, company.discountPercent);
      const netCents = lotTotalCents(unitPriceCents, line.quantity);
      // Each line's tax, rounded once (contract/tax.ts).
      return {
        tool,
        quantity: line.quantity,
        unitPriceCents,
        netCents,
        taxCents: lineTaxCents(netCents, tax.rateMilli),
      };
    });
    // What the buyer pays, tax included: the figure they confirmed, the card's charge, and what an
    // on-account order holds of the company's credit.
    const taxCents = lines.reduce((sum, l) => sum + l.taxCents, 0);
    const totalCents = lines.reduce((sum, l) => sum + l.netCents, 0) + taxCents;
    if (!Number.isSafeInteger(totalCents))
      throw badRequest("This order is too large to take online; please contact us");
    if (dollarsToCents(input.confirmedTotal) !== totalCents) {
      return { refused: { status: 409, body: { error: totalChanged, cart } } };
    }
    const leadTimeDays = Math.max(...lines.map((l) => l.tool.leadTimeDays));
    const tooSoon = neededByProblem(leadTimeDays, input.orderDate);
    if (tooSoon) throw badRequest(tooSoon);
    if (credit) assertCreditFor(credit, totalCents);

    const id = randomUUID();
    if (
      !(await reserveLines(
        tx,
        id,
        lines.map((l) => ({ toolId: l.tool.id, quantity: l.quantity })),
        buyer.id,
      ))
    ) {
      // Checked under the locks above, so only a bug gets here; the transaction rolls back.
      throw conflict("The stock changed while you were ordering; please try again");
    }
    const [first] = lines;
    if (!first) throw new Error("checkout: no lines");
    const createdAt = new Date();
    const order: OrderRow = {
      id,
      number,
      createdAt,
      updatedAt: createdAt,
      toolId: first.tool.id,
      userId: buyer.id,
      name: buyer.name,
      email: buyer.email,
      phone: input.orderPhone,
      address: input.orderAddress,
      neededBy: input.orderDate,
      productName: first.tool.name,
      unitPriceCents: first.unitPriceCents,
      quantity: first.quantity,
      totalCents,
      status: "pending",
      transactionId: null,
      paymentMethod: company.paymentMethod,
      companyId,
      poNumber: company.poNumber,
      shippedOn: null,
      dueOn: null,
      country: input.country,
      region: input.region,
      taxCents,
      taxExemptReason: company.taxExemptReason,
      buyerTaxId: company.buyerTaxId,
      invoiceNumber: null,
      creditNoteNumber: null,
    };
    const rows: OrderLineRow[] = lines.map((l, i) => ({
      orderId: id,
      lineNo: i + 1,
      toolId: l.tool.id,
      sku: l.tool.sku,
      productName: l.tool.name,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      taxRateMilli: tax.rateMilli,
      taxLabel: tax.label,
      taxCents: l.taxCents,
    }));
    const confirmation = await deps.messages.placed(order, rows, company.paymentTermsDays);
    await insertOrderStatement(tx, order, rows, confirmation, deps.cart.clearing(buyer.id));
    if (credit && companyId)
      await deps.onAccountCommitted(
        tx,
        companyId,
        committedWith(credit, totalCents),
        credit.credit.creditLimitCents,
      );
    const placed = { ...order, lines: rows };
    await alsoInTransaction?.(tx, placed);
    return { placed };
  });
  if ("placed" in outcome) deps.onStockChange();
  return outcome;
}
