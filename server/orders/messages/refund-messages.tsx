import { Text } from "@react-email/components";
import { formatCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import type { Tx } from "#server/db/database";
import { enqueueMail } from "#server/mail/outbox";
import { renderMail } from "#server/mail/templates/render";
import { Facts, MailLayout } from "../../mail/templates/layout";
import { type OrderRow, orderAmountCents } from "../order-view";
import { poFacts } from "./buyer-messages";
import { LineList, type MailLine, mailLinesOf, productsTitle } from "./order-lines";

// The buyer's message when an admin refunds a paid or invoiced order (issue 28): it is cancelled, its
// card payment given back (or, on account, its amount credited), with the credit note's number.

export type Refunded = {
  reason: string;
  /** The credit note issued; null for an order that had no invoice. */
  creditNoteNumber: string | null;
};

function OrderRefundedMail(props: {
  order: OrderRow;
  lines: readonly MailLine[];
  refunded: Refunded;
  shopUrl: string;
}) {
  const { order, refunded } = props;
  const total = formatCents(orderAmountCents(order));
  const onAccount = order.paymentMethod === "account";
  return (
    <MailLayout
      preview={`Your order ${formatOrderNumber(order.number)} was cancelled and refunded`}
      heading="Your order was cancelled and refunded"
      shopUrl={props.shopUrl}
      action={{ href: `${props.shopUrl}/dashboard`, label: "See your orders" }}
    >
      <Text>
        Hello {order.name}, your order {formatOrderNumber(order.number)} was cancelled and refunded.{" "}
        {onAccount
          ? `Its amount of ${total} is credited to your company's account: you do not owe it.`
          : `The ${total} you paid is given back to your card; your bank may take a few days to show it.`}
      </Text>
      <Facts rows={[["Order", formatOrderNumber(order.number)], ...poFacts(order)]} />
      <LineList lines={props.lines} />
      <Facts
        rows={[
          ["Refunded", total],
          ["Reason", refunded.reason],
          ...(refunded.creditNoteNumber ? [["Credit note", refunded.creditNoteNumber] as const] : []),
          ["Order id", order.id],
        ]}
      />
    </MailLayout>
  );
}

/** The refund's message, enqueued in the refund's transaction (server/mail/outbox.ts). */
export function createRefundMessages(settings: { publicUrl: string }) {
  return {
    async refunded(tx: Tx, order: OrderRow, refunded: Refunded) {
      const lines = await mailLinesOf(tx, order.id);
      await enqueueMail(tx, {
        kind: "order-refunded",
        to: order.email,
        subject: `Order cancelled and refunded: ${productsTitle(order, lines)} (${formatOrderNumber(order.number)})`,
        ...(await renderMail(
          <OrderRefundedMail order={order} lines={lines} refunded={refunded} shopUrl={settings.publicUrl} />,
        )),
        dedupeKey: `order-refunded:${order.id}`,
      });
    },
  };
}

export type RefundMessages = ReturnType<typeof createRefundMessages>;
