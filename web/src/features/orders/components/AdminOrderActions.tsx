import { canTransition, type OrderStatus } from "#contract/order-status";
import type { Order } from "#contract/orders";
import { useShipOrder } from "../api/ship-order";

const small = "btn min-h-10 whitespace-nowrap px-3.5 py-2 text-sm";

/** ADD (the spec's label): marks a paid order Shipped. */
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

/** Whether an admin can do anything with an order of this status (ship it, or remove it). */
export const adminCanAct = (status: OrderStatus) =>
  canTransition(status, "shipped") || canTransition(status, "cancelled");

/** What an admin can do with an order, as the state machine allows: ship it once paid, remove it while unpaid. */
export function AdminOrderActions({ order, onRemove, wide = false }: AdminOrderActionsProps) {
  if (canTransition(order.status, "shipped")) return <ShipButton order={order} wide={wide} />;
  if (canTransition(order.status, "cancelled")) {
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
  return null;
}
