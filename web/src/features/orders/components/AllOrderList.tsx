import { formatDollars } from "#contract/money";
import type { Order } from "#contract/orders";
import { Email } from "#web/components/Email";
import { OrderDocuments, OrderTaxNote } from "#web/components/OrderDocuments";
import { adminStatusLabels, orderStatusLabel, refundLabel } from "../order-display";
import { AdminOrderActions, adminCanAct } from "./AdminOrderActions";
import {
  AccountPayment,
  NeededBy,
  OrderCardFacts,
  OrderCardHeading,
  OrderNumber,
  OrderProductCell,
  orderedPieces,
  PoNumber,
} from "./OrderCard";
import { PaidBadge } from "./PaidBadge";
import { StatusBadge } from "./StatusBadge";

/** Table cells: tight on a laptop's screen beside the sidebar, roomier on wide ones. */
const cell = "px-2.5 py-3 align-top 2xl:px-4";

type AllOrderListProps = {
  orders: Order[];
  /** What the list holds, for screen readers: "All orders", "To act on", "Shipped"… */
  label: string;
  onRemove: (order: Order) => void;
  onRefund: (order: Order) => void;
};

/** Paid or Not Paid for a card order; On account (and when it is due, once shipped) for an on-account one; Refunded or Credited once a refund cancelled it. */
function PaymentState({ order }: { order: Order }) {
  const refunded = refundLabel(order);
  if (refunded) {
    return (
      <span className="inline-flex items-center whitespace-nowrap rounded-full bg-slate-100 px-2.5 py-1 font-semibold text-slate-800 text-xs ring-1 ring-slate-300">
        {refunded}
      </span>
    );
  }
  return order.paymentMethod === "account" ? (
    <AccountPayment order={order} />
  ) : (
    <PaidBadge paid={order.paid} />
  );
}

/** Manage All Order: a table on wide screens, cards below (nothing wider than the page). */
export function AllOrderList({ orders, label, onRemove, onRefund }: AllOrderListProps) {
  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm xl:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}, newest first</caption>
          <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wider">
            <tr>
              <th scope="col" className={cell}>
                Order
              </th>
              <th scope="col" className={cell}>
                Product
              </th>
              <th scope="col" className={cell}>
                Customer
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Quantity
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Total
              </th>
              <th scope="col" className={cell}>
                Needed by
              </th>
              <th scope="col" className={cell}>
                Status
              </th>
              <th scope="col" className={`${cell} text-right`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((order) => (
              <tr
                key={order._id}
                data-testid="admin-order-row"
                data-order-id={order._id}
                className={order.status === "cancelled" ? "bg-slate-50/70 text-slate-600" : "text-steel"}
              >
                <td className={cell}>
                  <OrderNumber order={order} />
                  <PoNumber order={order} />
                  <OrderDocuments order={order} className="mt-1" />
                </td>
                <td className={`${cell} max-w-40`}>
                  <OrderProductCell order={order} />
                </td>
                <td className={`${cell} max-w-48`}>
                  <span className="block font-medium text-navy">{order.orderName}</span>
                  <span className="block text-slate-600 text-xs">
                    <Email email={order.orderEmail} />
                  </span>
                </td>
                <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                  {orderedPieces(order)}
                </td>
                <td className={`${cell} whitespace-nowrap text-right font-semibold text-navy tabular-nums`}>
                  {formatDollars(order.total)}
                  <OrderTaxNote order={order} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <NeededBy date={order.orderDate} />
                </td>
                <td className={cell}>
                  <div className="flex flex-col items-start gap-1.5">
                    <PaymentState order={order} />
                    <StatusBadge status={order.status} label={orderStatusLabel(order, adminStatusLabels)} />
                  </div>
                </td>
                <td className={`${cell} text-right`}>
                  <AdminOrderActions order={order} onRemove={onRemove} onRefund={onRefund} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 xl:hidden">
        {orders.map((order) => (
          <li
            key={order._id}
            data-testid="admin-order-card"
            data-order-id={order._id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <OrderCardHeading order={order} statusLabel={orderStatusLabel(order, adminStatusLabels)} />
            <p className="mt-3 text-sm">
              <span className="block font-medium text-navy">{order.orderName}</span>
              <span className="block text-slate-600">
                <Email email={order.orderEmail} />
              </span>
            </p>
            <OrderCardFacts order={order}>
              <div className="col-span-2 flex items-center gap-2">
                <dt className="sr-only">Payment</dt>
                <dd>
                  <PaymentState order={order} />
                </dd>
              </div>
            </OrderCardFacts>
            {adminCanAct(order) && (
              <div className="mt-auto pt-4">
                <AdminOrderActions order={order} onRemove={onRemove} onRefund={onRefund} wide />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
