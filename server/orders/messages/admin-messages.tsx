import { Text } from "@react-email/components";
import { formatCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import { formatMoment } from "#server/mail/templates/render";
import { Facts, MailLayout } from "../../mail/templates/layout";
import { type OrderRow, orderAmountCents } from "../order-view";
import { poFacts } from "./buyer-messages";
import { LineList, type MailLine, productsTitle } from "./order-lines";

/** To every admin who wants it: an order was paid and waits to be shipped. */
export function PaidOrderToShipMail(props: {
  order: OrderRow;
  lines: readonly MailLine[];
  paidAt: Date;
  shopUrl: string;
  ordersUrl: string;
}) {
  const { order } = props;
  return (
    <MailLayout
      preview={`${productsTitle(order, props.lines)}: paid, to ship`}
      heading="A paid order is waiting to ship"
      shopUrl={props.shopUrl}
      action={{ href: props.ordersUrl, label: "Manage orders" }}
    >
      <Facts rows={[["Order", formatOrderNumber(order.number)], ...poFacts(order)]} />
      <LineList lines={props.lines} />
      <Facts
        rows={[
          ["Total", formatCents(orderAmountCents(order))],
          ["Paid", formatMoment(props.paidAt)],
          ["Buyer", `${order.name} <${order.email}>, ${order.phone}`],
          ["Ship to", order.address],
          ["Order id", order.id],
        ]}
      />
      <Text>Ship it from the orders page.</Text>
    </MailLayout>
  );
}
