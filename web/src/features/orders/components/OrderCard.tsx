import type { ReactNode } from "react";
import { formatDollars } from "#contract/money";
import type { Order } from "#contract/orders";
import { pieces } from "#contract/tool-display";
import { OrderDocuments, OrderTaxNote } from "#web/components/OrderDocuments";
import { OrderLines } from "#web/components/OrderLines";
import { orderLinesOf, orderTitle } from "#web/lib/orders/order-lines";
import { dueLabel, formatOrderDate, poNumberLabel } from "../order-display";
import { StatusBadge } from "./StatusBadge";

// The parts My Orders and Manage All Order share in their cards (the lists on narrow screens).

/** An order's needed-by day, "Mar 16, 2026". */
export function NeededBy({ date }: { date: string }) {
  return <time dateTime={date}>{formatOrderDate(date)}</time>;
}

/** An order's number, "CM-10482": what the buyer reads out on the phone. */
export function OrderNumber({ order }: { order: Order }) {
  return (
    <span data-testid="order-number" className="whitespace-nowrap font-mono font-semibold text-navy">
      {order.orderNumber}
    </span>
  );
}

/** The buyer's purchase-order number, "PO ABC-123", under the order's number; nothing without one. */
export function PoNumber({ order }: { order: Order }) {
  const label = poNumberLabel(order.poNumber);
  if (!label) return null;
  return (
    <span data-testid="po-number" className="block break-words font-mono text-slate-600 text-xs">
      {label}
    </span>
  );
}

/** "On account": an order its company pays by transfer after it ships, never by card here. */
export function OnAccountBadge() {
  return (
    <span
      data-testid="on-account"
      className="inline-flex items-center whitespace-nowrap rounded-full bg-violet-50 px-2.5 py-1 font-semibold text-violet-900 text-xs ring-1 ring-violet-200"
    >
      On account
    </span>
  );
}

/** An on-account order's payment: the badge, and once shipped the day it is due ("Due Monday, …"). */
export function AccountPayment({ order }: { order: Order }) {
  const due = dueLabel(order);
  return (
    <div className="space-y-1">
      <OnAccountBadge />
      {due && order.dueOn && (
        <span data-testid="due-on" className="block font-medium text-navy text-xs">
          <time dateTime={order.dueOn}>{due}</time>
        </span>
      )}
    </div>
  );
}

/**
 * The top of an order's card: number, product, quantity × price, and the status with this list's
 * label; an order of several lines names its first and lists the lines (the first three, all on
 * expand).
 */
export function OrderCardHeading({ order, statusLabel }: { order: Order; statusLabel: string }) {
  const lines = orderLinesOf(order);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-slate-600 text-xs">
            Order <OrderNumber order={order} />
          </p>
          <PoNumber order={order} />
          <h2 className="font-semibold text-navy">
            {lines.length > 1 ? orderTitle(lines) : order.orderProduct}
          </h2>
          {lines.length === 1 && (
            <p className="text-slate-600 text-sm">
              {pieces(order.orderMinimum)} × {formatDollars(order.orderPrice)}
            </p>
          )}
        </div>
        <StatusBadge status={order.status} label={statusLabel} />
      </div>
      {lines.length > 1 && (
        <div className="mt-2">
          <OrderLines lines={lines} orderNumber={order.orderNumber} />
        </div>
      )}
    </>
  );
}

/**
 * A table's Product cell: the product and its price a piece, or for an order of several lines the
 * count and the lines (the first three, all on expand).
 */
export function OrderProductCell({ order }: { order: Order }) {
  const lines = orderLinesOf(order);
  if (lines.length > 1) return <OrderLines lines={lines} orderNumber={order.orderNumber} />;
  return (
    <>
      <span className="block font-semibold text-navy">{order.orderProduct}</span>
      <span className="block text-slate-600 text-xs">{formatDollars(order.orderPrice)} per piece</span>
    </>
  );
}

/** A table's Quantity cell: the pieces ordered (of every line, for an order of several). */
export function orderedPieces(order: Order): string {
  return orderLinesOf(order)
    .reduce((sum, line) => sum + line.quantity, 0)
    .toLocaleString("en-US");
}

/** An order card's figures: its total (and its tax) and needed-by day, then `children`, then its invoice and credit note. */
export function OrderCardFacts({ order, children }: { order: Order; children?: ReactNode }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 border-slate-100 border-t pt-3 text-sm">
      <div>
        <dt className="text-slate-600">Total</dt>
        <dd className="font-bold text-base text-navy tabular-nums">
          {formatDollars(order.total)}
          <OrderTaxNote order={order} />
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Needed by</dt>
        <dd className="font-medium text-navy">
          <NeededBy date={order.orderDate} />
        </dd>
      </div>
      {children}
      {(order.invoiceNumber || order.creditNoteNumber) && (
        <div className="col-span-2">
          <dt className="sr-only">Documents</dt>
          <dd>
            <OrderDocuments order={order} />
          </dd>
        </div>
      )}
    </dl>
  );
}
