import { canTransition } from "#contract/order-status";
import type { Order } from "#contract/orders";
import { useShipOrder } from "../api/ship-order";
import { canRefund } from "../order-display";

const small = "btn min-h-10 whitespace-nowrap px-3.5 py-2 text-sm";

/** ADD (the spec's label): marks a paid order (or a pending one on account) Shipped. */
function ShipButton({ order, wide }: { order: Order; wide: boolean }) {
  const ship = useShipOrder();
  return (
    <button
      type="button"
      className={`${small} btn-primary ${wide ? "w-full" : ""}`}
      disabled={ship.isPending || ship.isSuccess}
      onClick={() => ship.mutate(order._id)}
      title="Mark the order shipped"
    >
      {ship.isPending ? "Shipping…" : "ADD"}
      <span className="sr-only">
        {" "}
        (mark {order.orderProduct} for {order.orderName} shipped)
      </span>
    </button>
  );
}

type AdminOrderActionsProps = {
  order: Order;
  /** Opens the "Are you sure?" dialog for this order. */
  onRemove: (order: Order) => void;
  /** Opens the refund dialog for this order (a paid, shipped or invoiced one). */
  onRefund: (order: Order) => void;
  /** Full-width buttons (the phone cards). */
  wide?: boolean;
};

/** Whether an admin can do anything with an order (ship, remove or refund it), as its payment method allows. */
export const adminCanAct = (order: Pick<Order, "status" | "paymentMethod" | "invoiceNumber">) =>
  canTransition(order.status, "shipped", order.paymentMethod) ||
  canTransition(order.status, "cancelled", order.paymentMethod) ||
  canRefund(order);

/**
 * What an admin can do with an order, as the state machine allows: ship a card order once paid,
 * remove it while unpaid; an on-account order can be shipped at once, or removed while pending
 * (and not yet invoiced); refund a paid, shipped or invoiced one.
 */
export function AdminOrderActions({ order, onRemove, onRefund, wide = false }: AdminOrderActionsProps) {
  const ship = canTransition(order.status, "shipped", order.paymentMethod);
  const refund = canRefund(order);
  const remove = !refund && canTransition(order.status, "cancelled", order.paymentMethod);
  if (!ship && !remove && !refund) return null;
  return (
    <div className={`flex gap-2 ${wide ? "flex-col" : "flex-col items-end"}`}>
      {ship && <ShipButton order={order} wide={wide} />}
      {remove && <RemoveButton order={order} onRemove={onRemove} wide={wide} />}
      {refund && <RefundButton order={order} onRefund={onRefund} wide={wide} />}
    </div>
  );
}

const dangerClass = "border border-red-300 bg-white text-red-800 hover:border-red-400 hover:bg-red-50";

/** Refund: opens the dialog that asks why. */
function RefundButton({ order, onRefund, wide }: Omit<Required<AdminOrderActionsProps>, "onRemove">) {
  return (
    <button
      type="button"
      className={`${small} ${dangerClass} ${wide ? "w-full" : ""}`}
      onClick={() => onRefund(order)}
    >
      Refund
      <span className="sr-only">
        {" "}
        (order {order.orderNumber} for {order.orderName})
      </span>
    </button>
  );
}

/** Remove Order (the spec's label): opens the "Are you sure?" dialog. */
function RemoveButton({ order, onRemove, wide }: Omit<Required<AdminOrderActionsProps>, "onRefund">) {
  return (
    <button
      type="button"
      className={`${small} ${dangerClass} ${wide ? "w-full" : ""}`}
      onClick={() => onRemove(order)}
    >
      Remove Order
      <span className="sr-only">
        {" "}
        ({order.orderProduct} for {order.orderName})
      </span>
    </button>
  );
}
