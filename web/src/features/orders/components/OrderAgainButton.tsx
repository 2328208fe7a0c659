import { useNavigate } from "react-router";
import type { Order } from "#contract/orders";
import { errorMessage } from "#web/lib/api";
import { reorderState } from "#web/lib/cart/reorder-notice";
import { toast } from "#web/lib/toast";
import { useReorder } from "../api/reorder";

/** "Order again" on My Orders: the order's lines go into the cart, and the cart shows what changed. */
export function OrderAgainButton({ order, wide = false }: { order: Order; wide?: boolean }) {
  const navigate = useNavigate();
  const reorder = useReorder();
  return (
    <button
      type="button"
      disabled={reorder.isPending}
      onClick={() =>
        reorder.mutate(order._id, {
          onSuccess: (answer) => {
            void navigate("/cart", {
              state: reorderState({ orderNumber: order.orderNumber, changes: answer.changes }),
            });
          },
          onError: (error) =>
            toast.error("The order was not put in your cart", { description: errorMessage(error) }),
        })
      }
      className={`btn btn-secondary min-h-10 whitespace-nowrap px-4 py-2 text-sm ${wide ? "w-full" : ""}`}
    >
      {reorder.isPending ? "Adding to cart…" : "Order again"}
      <span className="sr-only"> (order {order.orderNumber})</span>
    </button>
  );
}
