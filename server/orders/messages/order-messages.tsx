import type { ReactElement } from "react";
import { formatOrderNumber } from "#contract/order-number";
import type { Tx } from "#server/db/database";
import { enqueueMail, type MailMessage } from "#server/mail/outbox";
import { compileMail, formatMoment, renderMail } from "#server/mail/templates/render";
import { enqueueToAdmins } from "#server/mail/templates/to-admins";
import type { OrderRow } from "../order-view";
import type { IssuedDocument } from "../orders-deps";
import { PaidOrderToShipMail } from "./admin-messages";
import {
  type MessageLine,
  OrderCancelledMail,
  type OrderLinks,
  OrderPlacedMail,
  OrderShippedMail,
  PaymentReceivedMail,
  PayReminderMail,
  type PlacedKind,
  type PlacedValues,
  placedSlotsOf,
  placedValues,
} from "./buyer-messages";
import { type MailLine, mailLinesOf, productsTitle } from "./order-lines";

const hourMs = 60 * 60 * 1000;

/** A subject's order: "Spark plugs and 2 more (CM-10482)". */
const about = (order: OrderRow, lines: readonly MailLine[]) =>
  `${productsTitle(order, lines)} (${formatOrderNumber(order.number)})`;

/** A reminder goes out this long before an unpaid order is released. */
export const payReminderLeadMs = 24 * hourMs;

export type OrderMessageSettings = {
  /** The shop's address (PUBLIC_URL): every link in a message starts with it. */
  publicUrl: string;
  /** Unpaid orders are released this many hours after being placed; 0 never. */
  unpaidOrderHours: number;
};

/**
 * The messages an order's life sends, each enqueued (server/mail/outbox.ts) in the transaction of
 * the change that causes it, so a message exists exactly when its change committed. Dedupe keys make
 * one event one message even if it is reported twice.
 */
export function createOrderMessages(settings: OrderMessageSettings) {
  const shopUrl = settings.publicUrl;
  const releases = settings.unpaidOrderHours > 0;
  // Compiled once per kind (card or on account, with a PO number or not); the card one without a PO
  // number as the app starts (ready before the first order, as a rule), the others when first needed.
  const compiled = new Map<string, ReturnType<typeof compilePlaced>>();
  function compilePlaced(kind: PlacedKind) {
    return compileMail(placedSlotsOf(kind), (v) => (
      <OrderPlacedMail v={v as PlacedValues} kind={kind} shopUrl={shopUrl} />
    ));
  }
  const fillPlaced = (kind: PlacedKind) => {
    const key = `${kind.onAccount}:${kind.po}`;
    let fill = compiled.get(key);
    if (!fill) {
      fill = compilePlaced(kind);
      compiled.set(key, fill);
    }
    return fill;
  };
  void fillPlaced({ releases, onAccount: false, po: false });
  const links = (order: OrderRow): OrderLinks => ({
    shopUrl,
    orderUrl: `${shopUrl}/dashboard`,
    payUrl: `${shopUrl}/dashboard/payment/${order.id}`,
  });

  /** When the order is released if unpaid; null when unpaid orders are never released. */
  const payByOf = (order: OrderRow) =>
    settings.unpaidOrderHours > 0
      ? new Date(order.createdAt.getTime() + settings.unpaidOrderHours * hourMs)
      : null;

  async function toBuyer(
    tx: Tx,
    order: OrderRow,
    kind: string,
    subject: string,
    body: ReactElement,
    document?: IssuedDocument,
  ) {
    await enqueueMail(tx, {
      kind,
      to: order.email,
      subject,
      ...(await renderMail(body)),
      dedupeKey: `${kind}:${order.id}`,
      // The invoice just issued, as a PDF (resolved by the mail sender when it sends).
      ...(document && { attachments: [{ filename: `${document.number}.pdf`, invoiceId: document.id }] }),
    });
  }

  return {
    payByOf,

    /**
     * The buyer's confirmation, with the lot, the total, the deadline and a link to pay: written
     * while the tool's row is locked (orders/service.ts placeOrder), so from a compiled template.
     */
    /**
     * The buyer's confirmation of an order about to be placed, enqueued with it (orders/take-stock.ts);
     * `paymentTermsDays` for an order on account (no Pay link, no deadline: when it is due).
     */
    async placed(
      order: OrderRow,
      lines: readonly MessageLine[] = [],
      paymentTermsDays: number | null = null,
    ): Promise<MailMessage> {
      const onAccount = paymentTermsDays !== null;
      const values = placedValues(
        order,
        onAccount ? null : payByOf(order),
        links(order),
        lines,
        paymentTermsDays,
      );
      const kind = { releases, onAccount, po: order.poNumber !== null };
      return {
        kind: "order-placed",
        to: order.email,
        subject: `Order placed: ${values.product} (${formatOrderNumber(order.number)})`,
        ...(await fillPlaced(kind))(values),
        dedupeKey: `order-placed:${order.id}`,
      };
    },

    /** The buyer's receipt, and a note to every admin who wants one that the order waits to ship. */
    /** `invoice`: the one issued as it was paid, attached to the receipt. */
    async paid(tx: Tx, order: OrderRow, paidAt: Date, card: string | undefined, invoice?: IssuedDocument) {
      const lines = await mailLinesOf(tx, order.id);
      await toBuyer(
        tx,
        order,
        "payment-received",
        `Payment received: ${about(order, lines)}`,
        <PaymentReceivedMail order={order} lines={lines} paidAt={paidAt} card={card} links={links(order)} />,
        invoice,
      );
      await enqueueToAdmins(tx, "paid-order", {
        about: order.id,
        subject: `Paid order to ship: ${about(order, lines)}`,
        body: (
          <PaidOrderToShipMail
            order={order}
            lines={lines}
            paidAt={paidAt}
            shopUrl={shopUrl}
            ordersUrl={`${shopUrl}/dashboard/manageAllOrder`}
          />
        ),
      });
    },

    /** `invoice`: an on-account order's, issued as it shipped, attached. */
    async shipped(tx: Tx, order: OrderRow, invoice?: IssuedDocument) {
      const lines = await mailLinesOf(tx, order.id);
      await toBuyer(
        tx,
        order,
        "order-shipped",
        `Your order has shipped: ${about(order, lines)}`,
        <OrderShippedMail order={order} lines={lines} links={links(order)} />,
        invoice,
      );
    },

    /** Cancelled by an admin, or released by the shop (`byShop`) because it was not paid in time. */
    async cancelled(tx: Tx, order: OrderRow, reason: string, byShop: boolean) {
      const lines = await mailLinesOf(tx, order.id);
      await toBuyer(
        tx,
        order,
        "order-cancelled",
        `${byShop ? "Order released, not paid in time" : "Order cancelled"}: ${about(order, lines)}`,
        <OrderCancelledMail order={order} lines={lines} reason={reason} links={links(order)} />,
      );
    },

    /** The day-before reminder of an unpaid order; once per order, however many sweeps ask. */
    async reminder(tx: Tx, order: OrderRow) {
      const payBy = payByOf(order);
      if (!payBy) return;
      await toBuyer(
        tx,
        order,
        "pay-reminder",
        `Reminder: pay by ${formatMoment(payBy)} to keep your order ${formatOrderNumber(order.number)}`,
        <PayReminderMail
          order={order}
          lines={await mailLinesOf(tx, order.id)}
          payBy={payBy}
          links={links(order)}
        />,
      );
    },
  };
}

export type OrderMessages = ReturnType<typeof createOrderMessages>;
