import { Text } from "@react-email/components";
import type { ReactNode } from "react";
import { formatCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import { formatDay, formatMoment } from "#server/mail/templates/render";
import { Facts, MailLayout } from "../../mail/templates/layout";
import { type OrderRow, orderAmountCents } from "../order-view";
import { LineList, type MailLine, productsTitle } from "./order-lines";

// The messages a buyer receives about an order (order-messages.ts decides when).

export type OrderLinks = { shopUrl: string; orderUrl: string; payUrl: string };

const piecesText = (n: number) => (n === 1 ? "1 piece" : `${n.toLocaleString("en-US")} pieces`);

/** A buyer message's frame: its action pays the order (`pay`) or opens the buyer's orders. */
function OrderMail(props: {
  links: OrderLinks;
  preview: string;
  heading: string;
  pay?: boolean;
  children: ReactNode;
}) {
  const { links } = props;
  return (
    <MailLayout
      preview={props.preview}
      heading={props.heading}
      shopUrl={links.shopUrl}
      action={
        props.pay
          ? { href: links.payUrl, label: "Pay now" }
          : { href: links.orderUrl, label: "See your orders" }
      }
    >
      {props.children}
    </MailLayout>
  );
}

/** "20 pieces × $12.34" */
const lotText = (order: MessageLine) =>
  `${piecesText(order.quantity)} × ${formatCents(order.unitPriceCents)}`;

/** The order's id, last in every message: what the shop's own records and links use. */
const idFact = (order: OrderRow) => ["Order id", order.id] as const;

/** The buyer's PO number (issue 27), in every message that lists the order: "PO number: ABC-123". */
export const poFacts = (order: Pick<OrderRow, "poNumber">): (readonly [string, string])[] =>
  order.poNumber ? [["PO number", order.poNumber]] : [];

/** How an on-account order is paid, as its messages say it: "On account: due 30 days after shipping". */
export const onAccountText = (days: number) => `On account: due ${days} days after shipping`;

/** The order's total as its messages say it: "$142.51 (incl. $11.61 tax)" when it has tax. */
export const totalText = (order: Pick<OrderRow, "totalCents" | "taxCents">): string =>
  order.taxCents > 0
    ? `${formatCents(orderAmountCents(order))} (incl. ${formatCents(order.taxCents)} tax)`
    : formatCents(orderAmountCents(order));

/** The order as every buyer message after the first lists it: its number, every line, the total. */
function OrderFacts(props: {
  order: OrderRow;
  lines: readonly MailLine[];
  /** What follows the total: the receipt's payment, the needed-by date, the reason, … */
  rows: readonly (readonly [string, string])[];
}) {
  const { order } = props;
  return (
    <>
      <Facts rows={[["Order", formatOrderNumber(order.number)], ...poFacts(order)]} />
      <LineList lines={props.lines} />
      <Facts rows={[["Total", totalText(order)], ...props.rows, idFact(order)]} />
    </>
  );
}

/** What the order-placed message says, as text: its template is compiled (order-messages.tsx). */
export const placedSlots = [
  "orderNumber",
  "orderId",
  "name",
  "product",
  "lot",
  "total",
  "neededBy",
  "payBy",
  "payUrl",
  "poNumber",
  "payment",
] as const;
export type PlacedValues = Record<(typeof placedSlots)[number], string>;

/** An order's line as the messages list it (order_lines). */
export type MessageLine = Pick<OrderRow, "productName" | "unitPriceCents" | "quantity">;

/**
 * The order-placed message's values. An order of several lines names its first product "and N more"
 * and lists every line as its lot: "Spark Plug: 20 pieces × $6.40; Brake Disc: 2 pieces × $40.00".
 */
export function placedValues(
  order: OrderRow,
  payBy: Date | null,
  links: OrderLinks,
  lines: readonly MessageLine[] = [],
  paymentTermsDays: number | null = null,
): PlacedValues {
  const several = lines.length > 1;
  return {
    orderNumber: formatOrderNumber(order.number),
    orderId: order.id,
    name: order.name,
    product: productsTitle(order, lines),
    lot: several ? lines.map((l) => `${l.productName}: ${lotText(l)}`).join("; ") : lotText(order),
    total: totalText(order),
    neededBy: formatDay(order.neededBy),
    payBy: payBy ? formatMoment(payBy) : "",
    payUrl: links.payUrl,
    poNumber: order.poNumber ?? "",
    payment: paymentTermsDays === null ? "By card" : onAccountText(paymentTermsDays),
  };
}

/** Which order-placed message: paid by card (a Pay link, maybe a deadline) or on account; with a PO number or not. */
export type PlacedKind = { releases: boolean; onAccount: boolean; po: boolean };

/** The slots of one kind of order-placed message (its template is compiled per kind). */
export function placedSlotsOf(kind: PlacedKind): (typeof placedSlots)[number][] {
  return placedSlots.filter(
    (s) =>
      (s !== "payBy" || (kind.releases && !kind.onAccount)) &&
      (s !== "payUrl" || !kind.onAccount) &&
      (s !== "payment" || kind.onAccount) &&
      (s !== "poNumber" || kind.po),
  );
}

/**
 * The order-placed message. Paid by card: a Pay link, and with `releases` (UNPAID_ORDER_HOURS > 0)
 * the deadline. On account: confirmed at once, no Pay link and no deadline, and when it is due.
 */
export function OrderPlacedMail(props: { v: PlacedValues; kind: PlacedKind; shopUrl: string }) {
  const { v, kind } = props;
  const releases = kind.releases && !kind.onAccount;
  return (
    <OrderMail
      links={{ shopUrl: props.shopUrl, payUrl: v.payUrl, orderUrl: `${props.shopUrl}/dashboard` }}
      preview={`Your order of ${v.product} is placed`}
      heading="Thank you for your order"
      pay={!kind.onAccount}
    >
      <Text>
        {kind.onAccount
          ? `Hello ${v.name}, your order is confirmed on your company's account: we will ship it without a card payment.`
          : `Hello ${v.name}, we have set aside your lot. It is yours once it is paid.`}
      </Text>
      <Facts
        rows={[
          ["Order", v.orderNumber],
          ...(kind.po ? ([["PO number", v.poNumber]] as const) : []),
          ["Product", v.product],
          ["Lot", v.lot],
          ["Total", v.total],
          ["Needed by", v.neededBy],
          ...(kind.onAccount ? ([["Payment", v.payment]] as const) : []),
          ...(releases ? ([["Pay by", v.payBy]] as const) : []),
          ["Order id", v.orderId],
        ]}
      />
      {releases && (
        <Text>If it is not paid by {v.payBy}, the order is released and its pieces go back on sale.</Text>
      )}
    </OrderMail>
  );
}

export function PaymentReceivedMail(props: {
  order: OrderRow;
  lines: readonly MailLine[];
  paidAt: Date;
  /** The card that paid, "Visa •••• 4242", when the gateway said. */
  card: string | undefined;
  links: OrderLinks;
}) {
  const { order, paidAt, card, links } = props;
  return (
    <OrderMail
      links={links}
      preview={`Receipt: ${formatCents(orderAmountCents(order))} paid`}
      heading="Payment received"
    >
      <Text>Hello {order.name}, thank you: your payment went through. This is your receipt.</Text>
      <OrderFacts
        order={order}
        lines={props.lines}
        rows={[
          ["Amount paid", formatCents(orderAmountCents(order))],
          ...(card ? ([["Card", card]] as const) : []),
          ["Transaction id", order.transactionId ?? "—"],
          ["Date", formatMoment(paidAt)],
        ]}
      />
      <Text>We will write again when your order ships.</Text>
    </OrderMail>
  );
}

export function OrderShippedMail(props: { order: OrderRow; lines: readonly MailLine[]; links: OrderLinks }) {
  const { order, links } = props;
  return (
    <OrderMail
      links={links}
      preview={`Your order of ${productsTitle(order, props.lines)} has shipped`}
      heading="Your order has shipped"
    >
      <Text>
        Hello {order.name}, your order is on its way to {order.address}.
      </Text>
      <OrderFacts
        order={order}
        lines={props.lines}
        rows={[
          ["Needed by", formatDay(order.neededBy)],
          ...(order.dueOn ? ([["Payment due", formatDay(order.dueOn)]] as const) : []),
        ]}
      />
    </OrderMail>
  );
}

export function OrderCancelledMail(props: {
  order: OrderRow;
  lines: readonly MailLine[];
  reason: string;
  links: OrderLinks;
}) {
  const { order, reason, links } = props;
  return (
    <OrderMail
      links={links}
      preview={`Your order of ${productsTitle(order, props.lines)} was cancelled`}
      heading="Your order was cancelled"
    >
      <Text>Hello {order.name}, your order was cancelled and its pieces are back on sale.</Text>
      <OrderFacts order={order} lines={props.lines} rows={[["Reason", reason]]} />
      <Text>No card was charged for this order.</Text>
    </OrderMail>
  );
}

export function PayReminderMail(props: {
  order: OrderRow;
  lines: readonly MailLine[];
  payBy: Date;
  links: OrderLinks;
}) {
  const { order, payBy, links } = props;
  return (
    <OrderMail
      links={links}
      preview={`Pay by ${formatMoment(payBy)} to keep your order`}
      heading="Your order is waiting for payment"
      pay
    >
      <Text>
        Hello {order.name}, your order is not paid yet. If it is not paid by {formatMoment(payBy)}, it is
        released and its pieces go back on sale.
      </Text>
      <OrderFacts order={order} lines={props.lines} rows={[["Pay by", formatMoment(payBy)]]} />
    </OrderMail>
  );
}
