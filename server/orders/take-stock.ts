import { sql } from "drizzle-orm";
import type { PaymentMethod } from "#contract/order-status";
import { type AppliedRate, lineTaxCents } from "#contract/tax";
import type { PricedInCents } from "#server/catalog/pricing";
import { afterStockChange, reservationMovement, reserveStock } from "#server/catalog/stock";
import { type OrderingTerms, orderingTermsJson, termsFromJson } from "#server/companies/ordering";
import type { Db, Tx } from "#server/db/database";
import { announceMail, enqueueMailFrom, type MailMessage } from "#server/mail/outbox";
import { rateFromJson, taxRateJson } from "#server/tax/rates";
import { announceWebhooks, recordWebhookEventFrom } from "#server/webhooks/events";
import { type PlacedOrder, toOrderEventData } from "./order-view";
import { orderEvents, orderLines, orders } from "./tables";

export type NewOrder = {
  /** Chosen before the statement, so the confirmation can name it (its Pay link). */
  id: string;
  /** Its number (CM-…), also drawn before the statement (`nextOrderNumber`) for the confirmation. */
  number: number;
  createdAt: Date;
  /**
   * The price a piece the buyer was shown for this quantity (catalog/pricing.ts `unitPriceCentsFor`
   * of `pricing`): the order is placed at it only while the tool still has that price and breaks.
   */
  unitPriceCents: number;
  pricing: PricedInCents;
  toolId: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  neededBy: string;
  quantity: number;
  paymentMethod: PaymentMethod;
  /** The company the buyer orders for (issue 27), or null. */
  companyId: string | null;
  poNumber: string | null;
  country: string;
  region: string;
  /** The rate its line pays (the address's, or `exemptTax`): `taxExemptReason` says why when exempt. */
  tax: AppliedRate;
  taxExemptReason: string | null;
  buyerTaxId: string | null;
};

type Placed = {
  id: string;
  product_name: string;
  unit_price_cents: number;
  total_cents: number | string;
  tax_cents: number | string;
  created_at: Date | string;
  tool_sku: string | null;
  stock_after: number;
  low_stock_at: number | null;
  movement_id: string;
  /** How many webhook deliveries the statement recorded (one per subscribed endpoint). */
  webhooks: number | string;
};

/**
 * The next order number from the orders' sequence (migration 0014): unique however many orders are
 * placed at once. One that is drawn and not used (the order was refused) leaves a gap.
 */
export async function nextOrderNumber(db: Db): Promise<number> {
  return (await nextOrderNumberFor(db, null)).number;
}

/** Where the order is delivered: its rate of tax is read with the order's number. */
export type DeliveryRegion = { country: string; region: string };

/**
 * The next order number and, in the same statement, the buyer's company terms (companies/ordering.ts)
 * and the delivery address's rate of tax (tax/rates.ts; `noTax` without an address or a rate).
 */
export async function nextOrderNumberFor(
  db: Db,
  buyerId: string | null,
  delivery?: DeliveryRegion,
): Promise<{ number: number; terms: OrderingTerms | null; rate: AppliedRate }> {
  const terms = buyerId === null ? sql`null` : orderingTermsJson(buyerId);
  const rate = delivery ? taxRateJson(delivery.country, delivery.region) : sql`null`;
  const result = await db.execute(
    sql`select nextval('order_number_seq') as number, ${terms} as terms, ${rate} as rate`,
  );
  const [row] = (result as unknown as { rows: { number: string | number; terms: unknown; rate: unknown }[] })
    .rows;
  if (!row) throw new Error("nextOrderNumber: the sequence answered nothing");
  return { number: Number(row.number), terms: termsFromJson(row.terms), rate: rateFromJson(row.rate) };
}

/**
 * Takes the stock and records the order, its one line (order_lines), its first event, the stock movement, its
 * `order.placed` webhook event and (with `confirmation`) the buyer's message in the mail outbox in ONE statement (so one transaction, and
 * none needed around it). The stock is taken by catalog's own statements (catalog/stock.ts
 * `reserveStock`, the guard against overselling and the ordering rule, and `reservationMovement`),
 * composed here into the WITH: one that would take the stock below zero, or order a tool below what
 * Order Now needs, matches no row, so nothing is inserted. Being a single statement, the hot row is locked only
 * while PostgreSQL runs it, never across a round trip to this process. Product name is copied
 * from the row it locked, the unit price is the one the buyer was shown for the quantity (the
 * tool's price or break), taken only while the tool's pricing is the one it was worked out from.
 * Undefined when the tool is archived, has fewer than `quantity` pieces left, or no longer has the
 * price and breaks the buyer was shown. The line's tax is its net amount at `o.tax` (contract/tax.ts
 * `lineTaxCents`), and the order's total its net amount and tax.
 */
export async function placeOrderTakingStock(
  db: Db | Tx,
  o: NewOrder,
  confirmation?: MailMessage,
): Promise<PlacedOrder | undefined> {
  const { tax, ...order } = o;
  const netCents = o.unitPriceCents * o.quantity;
  const taxCents = lineTaxCents(netCents, tax.rateMilli);
  const confirmed = confirmation
    ? sql`, confirmed as (${enqueueMailFrom(sql`placed`, confirmation)})`
    : sql``;
  const event = toOrderEventData({ ...o, status: "pending", totalCents: netCents + taxCents });
  const result = await db.execute(sql`
    with reserved as (
      ${reserveStock(o.toolId, o.quantity, o.pricing)}
    ), placed as (
      insert into ${orders} (id, number, created_at, updated_at, tool_id, user_id, name, email, phone, address, needed_by, product_name, unit_price_cents, quantity, total_cents, payment_method, company_id, po_number, country, region, tax_cents, tax_exempt_reason, buyer_tax_id)
      select ${o.id}::uuid, ${o.number}::bigint, ${o.createdAt}::timestamptz, ${o.createdAt}::timestamptz, id, ${o.userId}, ${o.name}, ${o.email}, ${o.phone}, ${o.address}, ${o.neededBy}::date, name, ${o.unitPriceCents}::integer, ${o.quantity}::integer, ${netCents + taxCents}::bigint, ${o.paymentMethod}, ${o.companyId}::uuid, ${o.poNumber}, ${o.country}, ${o.region}, ${taxCents}::bigint, ${o.taxExemptReason}, ${o.buyerTaxId}
      from reserved
      returning id, product_name, unit_price_cents, total_cents, tax_cents, created_at
    ), lined as (
      insert into ${orderLines} (order_id, line_no, tool_id, sku, product_name, unit_price_cents, quantity, tax_rate_milli, tax_label, tax_cents)
      select placed.id, 1, reserved.id, reserved.sku, reserved.name, placed.unit_price_cents, ${o.quantity}::integer, ${tax.rateMilli}::integer, ${tax.label}, placed.tax_cents
      from placed cross join reserved
    ), logged as (
      insert into ${orderEvents} (order_id, to_status, actor_user_id, note)
      select id, 'pending', ${o.userId}, 'Order placed' from placed
    ), moved as (
      ${reservationMovement(o.quantity, o.userId)}
    ), announced as (
      ${recordWebhookEventFrom(sql`placed`, "order.placed", o.id, event, o.createdAt)}
    )${confirmed}
    select placed.id, product_name, unit_price_cents, total_cents, tax_cents, created_at, reserved.sku as tool_sku,
      reserved.available as stock_after, reserved.low_stock_at, moved.id as movement_id,
      (select count(*) from announced) as webhooks
    from placed cross join reserved cross join moved`);
  const [row] = (result as unknown as { rows: Placed[] }).rows;
  if (!row) return undefined;
  if (confirmation) announceMail(confirmation);
  if (Number(row.webhooks) > 0) announceWebhooks();
  // In the order's transaction when the caller gave one (orders/place-order.ts does).
  await afterStockChange(
    db,
    {
      id: o.toolId,
      name: row.product_name,
      sku: row.tool_sku,
      available: Number(row.stock_after),
      lowStockAt: row.low_stock_at === null ? null : Number(row.low_stock_at),
    },
    -o.quantity,
    row.movement_id,
  );
  const createdAt = new Date(row.created_at);
  const { pricing: _, ...placed } = order;
  const unitPriceCents = Number(row.unit_price_cents);
  return {
    ...placed,
    id: row.id,
    productName: row.product_name,
    unitPriceCents,
    totalCents: Number(row.total_cents),
    status: "pending",
    transactionId: null,
    shippedOn: null,
    dueOn: null,
    taxCents: Number(row.tax_cents),
    invoiceNumber: null,
    creditNoteNumber: null,
    createdAt,
    updatedAt: createdAt,
    // The one line the statement inserted (`lined`), from the same values.
    lines: [
      {
        orderId: row.id,
        lineNo: 1,
        toolId: o.toolId,
        sku: row.tool_sku,
        productName: row.product_name,
        unitPriceCents,
        quantity: o.quantity,
        taxRateMilli: tax.rateMilli,
        taxLabel: tax.label,
        taxCents: Number(row.tax_cents),
      },
    ],
  };
}
