import { formatDollars } from "#contract/money";
import { awaitsCardPayment } from "#contract/order-status";
import type { Order } from "#contract/orders";
import { Link } from "#web/components/Link";
import { OrderDocuments, OrderTaxNote } from "#web/components/OrderDocuments";
import { buyerStatusLabels, formatOrderMoment, orderStatusLabel, refundLabel } from "../order-display";
import { OrderAgainButton } from "./OrderAgainButton";
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
import { TransactionId } from "./TransactionId";

/**
 * Pay for an unpaid order, and by when before it is released; Paid with its transaction id once
 * paid; for a cancelled one, nothing to do but read why; an on-account order is not paid here: its
 * company pays it after it ships (by when, once shipped).
 */
function Payment({ order, wide = false }: { order: Order; wide?: boolean }) {
  if (order.status === "cancelled") {
    return (
      <div className="space-y-1">
        <span className="block text-slate-600 text-sm">
          {refundLabel(order) === "Refunded"
            ? "Cancelled and refunded"
            : refundLabel(order) === "Credited"
              ? "Cancelled and credited to your company"
              : "Cancelled, not charged"}
        </span>
        {order.cancelReason && (
          <span data-testid="cancel-reason" className="block text-slate-600 text-xs">
            {order.cancelReason}
          </span>
        )}
      </div>
    );
  }
  if (order.paymentMethod === "account") return <AccountPayment order={order} />;
  if (awaitsCardPayment(order)) {
    return (
      <div className="space-y-1.5">
        <Link
          to={`/dashboard/payment/${order._id}`}
          className={`btn btn-primary min-h-10 px-5 py-2 ${wide ? "w-full" : ""}`}
        >
          Pay
          <span className="sr-only"> for {order.orderProduct}</span>
        </Link>
        {order.expiresAt && (
          <span data-testid="pay-by" className="block text-slate-600 text-xs">
            Pay by <time dateTime={order.expiresAt}>{formatOrderMoment(order.expiresAt)}</time>, or the order
            is released
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <PaidBadge paid />
      {order.transactionId && <TransactionId id={order.transactionId} />}
    </div>
  );
}

/**
 * My Orders: a table on wide screens, cards below (nothing wider than the page). Under xl the table's
 * room (the page beside the sidebar, or a tablet) would wrap a transaction id over four lines.
 */
export function MyOrderList({ orders }: { orders: Order[] }) {
  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm xl:block">
        <table className="w-full text-left text-[0.9375rem]">
          <caption className="sr-only">My orders, newest first</caption>
          <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wider">
            <tr>
              <th scope="col" className="px-2.5 py-3 font-semibold">
                Order
              </th>
              <th scope="col" className="px-2.5 py-3 font-semibold">
                Product
              </th>
              <th scope="col" className="px-2.5 py-3 text-right font-semibold">
                Quantity
              </th>
              <th scope="col" className="px-2.5 py-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="px-2.5 py-3 font-semibold">
                Needed by
              </th>
              <th scope="col" className="px-2.5 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-2.5 py-3 font-semibold">
                Payment
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((order) => (
              <tr key={order._id} data-testid="order-row" data-order-id={order._id} className="align-top">
                <td className="px-2.5 py-3.5">
                  <OrderNumber order={order} />
                  <PoNumber order={order} />
                  <OrderDocuments order={order} className="mt-1" />
                </td>
                <td className="min-w-40 px-2.5 py-3.5">
                  <OrderProductCell order={order} />
                </td>
                <td className="whitespace-nowrap px-2.5 py-3.5 text-right text-steel tabular-nums">
                  {orderedPieces(order)}
                </td>
                <td className="whitespace-nowrap px-2.5 py-3.5 text-right font-semibold text-navy tabular-nums">
                  {formatDollars(order.total)}
                  <OrderTaxNote order={order} />
                </td>
                <td className="whitespace-nowrap px-2.5 py-3.5 text-steel">
                  <NeededBy date={order.orderDate} />
                </td>
                <td className="px-2.5 py-3.5">
                  <StatusBadge status={order.status} label={orderStatusLabel(order, buyerStatusLabels)} />
                </td>
                <td className="max-w-56 px-2.5 py-3.5">
                  <Payment order={order} />
                  <div className="mt-2">
                    <OrderAgainButton order={order} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="My orders" className="grid gap-3 sm:grid-cols-2 xl:hidden">
        {orders.map((order) => (
          <li
            key={order._id}
            data-testid="order-card"
            data-order-id={order._id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <OrderCardHeading order={order} statusLabel={orderStatusLabel(order, buyerStatusLabels)} />
            <OrderCardFacts order={order} />
            <div className="mt-auto space-y-2 pt-3">
              <Payment order={order} wide />
              <OrderAgainButton order={order} wide />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
