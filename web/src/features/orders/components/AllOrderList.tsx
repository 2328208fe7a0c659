import { formatDollars } from "../../../../../contract/money";
import type { Order } from "../../../../../contract/orders";
import { pieces } from "../../../../../contract/tool-display";
import { adminStatusLabels, formatOrderDate } from "../order-display";
import { AdminOrderActions } from "./AdminOrderActions";
import { PaidBadge } from "./PaidBadge";
import { StatusBadge } from "./StatusBadge";

/** An email that may wrap just before its @ on narrow columns (and anywhere, if it still does not fit). */
function Email({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="[overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

type AllOrderListProps = {
  orders: Order[];
  onRemove: (order: Order) => void;
};

/** Manage All Order: a table on wide screens, cards below (nothing wider than the page). */
export function AllOrderList({ orders, onRemove }: AllOrderListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm xl:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">All orders, newest first</caption>
          <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wider">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold">
                Product
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Customer
              </th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">
                Quantity
              </th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Needed by
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Payment
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">
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
                className={order.status === "cancelled" ? "bg-slate-50/70 text-slate-600" : undefined}
              >
                <td className="px-3 py-3">
                  <span className="font-semibold text-navy">{order.orderProduct}</span>
                </td>
                <td className="max-w-52 px-3 py-3">
                  <span className="block font-medium text-navy">{order.orderName}</span>
                  <span className="block text-slate-600 text-xs">
                    <Email email={order.orderEmail} />
                  </span>
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums">
                  {order.orderMinimum.toLocaleString("en-US")}
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right font-semibold text-navy tabular-nums">
                  {formatDollars(order.total)}
                </td>
                <td className="whitespace-nowrap px-3 py-3">
                  <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate)}</time>
                </td>
                <td className="px-3 py-3">
                  <PaidBadge paid={order.paid} />
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={order.status} label={adminStatusLabels[order.status]} />
                </td>
                <td className="px-3 py-3 text-right">
                  <AdminOrderActions order={order} onRemove={onRemove} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="All orders" className="grid gap-3 sm:grid-cols-2 xl:hidden">
        {orders.map((order) => (
          <li
            key={order._id}
            data-testid="admin-order-card"
            data-order-id={order._id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="font-semibold text-navy">{order.orderProduct}</h2>
                <p className="text-slate-600 text-sm">
                  {pieces(order.orderMinimum)} × {formatDollars(order.orderPrice)}
                </p>
              </div>
              <StatusBadge status={order.status} label={adminStatusLabels[order.status]} />
            </div>
            <p className="mt-3 text-sm">
              <span className="block font-medium text-navy">{order.orderName}</span>
              <span className="block text-slate-600">
                <Email email={order.orderEmail} />
              </span>
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-3 border-slate-100 border-t pt-3 text-sm">
              <div>
                <dt className="text-slate-600">Total</dt>
                <dd className="font-bold text-base text-navy tabular-nums">{formatDollars(order.total)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Needed by</dt>
                <dd className="font-medium text-navy">
                  <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate)}</time>
                </dd>
              </div>
              <div className="col-span-2 flex items-center gap-2">
                <dt className="sr-only">Payment</dt>
                <dd>
                  <PaidBadge paid={order.paid} />
                </dd>
              </div>
            </dl>
            {(order.status === "paid" || order.status === "pending") && (
              <div className="mt-auto pt-4">
                <AdminOrderActions order={order} onRemove={onRemove} wide />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
