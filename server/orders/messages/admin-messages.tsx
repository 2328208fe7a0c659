import { Text } from "@react-email/components";
import { formatCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import { formatMoment } from "#server/mail/templates/render";
import { Facts, MailLayout } from "../../mail/templates/layout";
import { type OrderRow, orderAmountCents } from "../order-view";

/** To every admin who wants it: an order was paid and waits to be shipped. */
export function PaidOrderToShipMail(props: {
  order: OrderRow;
  paidAt: Date;
  shopUrl: string;
  ordersUrl: string;
}) {
  const { order } = props;
  return (
    <MailLayout
      preview={`${order.productName}: paid, to ship`}
      heading="A paid order is waiting to ship"
      shopUrl={props.shopUrl}
      action={{ href: props.ordersUrl, label: "Manage orders" }}
    >
      <Facts
        rows={[
          ["Order", formatOrderNumber(order.number)],
          ["Product", order.productName],
          ["Quantity", order.quantity.toLocaleString("en-US")],
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
