import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Cart } from "#contract/cart";
import type { CheckoutRefusal, checkoutBody, ShortLine } from "#contract/checkout";
import { neededByProblem } from "#contract/delivery-dates";
import { lotProblem } from "#contract/lot-rules";
import { dollarsToCents, lotTotalCents } from "#contract/money";
import type { SessionUser } from "#server/accounts/guards";
import { unitPriceCentsFor } from "#server/catalog/pricing";
import { type LockedTool, lockToolsForOrder, reserveLines } from "#server/catalog/stock";
import { arrayParam } from "#server/db/arrays";
import type { Tx } from "#server/db/database";
import { badRequest, conflict } from "#server/http/errors";
import { enqueueMail } from "#server/mail/outbox";
import { assertCreditFor, committedWith, companyOrderOf, holdCompanyCredit } from "./company-order";
import type { OrderLineRow, PlacedOrder } from "./order-view";
import type { OrdersContext } from "./orders-deps";
import { orderEvents, orderLines, orders } from "./tables";

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
  ["orderId", "uuid"],
  ["lineNo", "smallint"],
  ["toolId", "uuid"],
  ["sku", "text"],
  ["productName", "text"],
  ["unitPriceCents", "integer"],
  ["quantity", "integer"],
] as const;

/**
 * The order's lines and its "Order placed" event in one statement: seven array parameters for the
 * lines, however many there are (one round trip fewer for every checkout).
 */
async function insertLinesAndEvent(tx: Tx, orderId: string, buyerId: string, rows: readonly OrderLineRow[]) {
  const columns = lineColumns.map(([key, type]) =>
    arrayParam(
      rows.map((r) => r[key]),
      type,
    ),
  );
  await tx.execute(sql`
    with placed_event as (
      insert into ${orderEvents} (order_id, to_status, actor_user_id, note)
      values (${orderId}, 'pending', ${buyerId}, 'Order placed')
    )
    insert into ${orderLines} (order_id, line_no, tool_id, sku, product_name, unit_price_cents, quantity)
    select * from unnest(${sql.join(columns, sql`, `)})`);
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
  // Read before the transaction, not beside it: the embedded database has one connection, which
  // the transaction holds until it ends.
  const company = await companyOrderOf(db, buyer.id, input);
  const { companyId } = company;
  const outcome = await db.transaction(async (tx): Promise<CheckoutOutcome> => {
    const onAccount = company.paymentMethod === "account" && companyId !== null;
    const credit = onAccount ? await holdCompanyCredit(tx, companyId) : undefined;
    const toolIds = await deps.cart.lockCart(tx, buyer.id);
    if (toolIds.length === 0) throw badRequest(emptyCart);
    const locked = await lockToolsForOrder(tx, toolIds);
    // Read again under the tools' locks: what it says now holds until the order commits.
    const cart = await deps.cart.lockedCart(tx, buyer.id, locked, company.discountPercent);
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
      return {
        tool,
        quantity: line.quantity,
        unitPriceCents: unitPriceCentsFor(tool, line.quantity, company.discountPercent),
      };
    });
    const totalCents = lines.reduce((sum, l) => sum + lotTotalCents(l.unitPriceCents, l.quantity), 0);
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
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        // number: the column's default draws it (order_number_seq) in this insert.
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
        paymentMethod: company.paymentMethod,
        companyId,
        poNumber: company.poNumber,
      })
      .returning();
    if (!order) throw new Error("checkout: insert returned no order");
    const rows: OrderLineRow[] = lines.map((l, i) => ({
      orderId: id,
      lineNo: i + 1,
      toolId: l.tool.id,
      sku: l.tool.sku,
      productName: l.tool.name,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
    }));
    await insertLinesAndEvent(tx, id, buyer.id, rows);
    await enqueueMail(tx, await deps.messages.placed(order, rows, company.paymentTermsDays));
    await deps.cart.clearIn(tx, buyer.id);
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
