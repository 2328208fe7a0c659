import { canTransition } from "#contract/order-status";
import type { Order } from "#contract/orders";
import { useShipOrder } from "../api/ship-order";

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
  /** Full-width buttons (the phone cards). */
  wide?: boolean;
};

/** Whether an admin can do anything with an order (ship it, or remove it), as its payment method allows. */
export const adminCanAct = (order: Pick<Order, "status" | "paymentMethod">) =>
  canTransition(order.status, "shipped", order.paymentMethod) ||
  canTransition(order.status, "cancelled", order.paymentMethod);

/**
 * What an admin can do with an order, as the state machine allows: ship a card order once paid,
 * remove it while unpaid; an on-account order can be shipped at once, or removed while pending.
 */
export function AdminOrderActions({ order, onRemove, wide = false }: AdminOrderActionsProps) {
  const ship = canTransition(order.status, "shipped", order.paymentMethod);
  const remove = canTransition(order.status, "cancelled", order.paymentMethod);
  if (ship && remove) {
    return (
      <div className={`flex gap-2 ${wide ? "flex-col" : "flex-col items-end"}`}>
        <ShipButton order={order} wide={wide} />
        <RemoveButton order={order} onRemove={onRemove} wide={wide} />
      </div>
    );
  }
  if (ship) return <ShipButton order={order} wide={wide} />;
  if (remove) return <RemoveButton order={order} onRemove={onRemove} wide={wide} />;
  return null;
}

/** Remove Order (the spec's label): opens the "Are you sure?" dialog. */
function RemoveButton({ order, onRemove, wide }: Required<AdminOrderActionsProps>) {
  return (
    <button
      type="button"
      className={`${small} border border-red-300 bg-white text-red-800 hover:border-red-400 hover:bg-red-50 ${wide ? "w-full" : ""}`}
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
