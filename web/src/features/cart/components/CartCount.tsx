import { useCart } from "../api/cart";

/** The number of lines in the cart, as a badge in the cart link (read as "3 lines"). */
export function CartCount() {
  const cart = useCart();
  if (!cart.data) return null;
  const count = cart.data.lines.length;
  return (
    <span
      data-testid="cart-count"
      className="min-w-6 rounded-full bg-accent-dark px-1.5 py-0.5 text-center font-bold text-white text-xs tabular-nums"
    >
      {count}
      <span className="sr-only">{count === 1 ? " line" : " lines"}</span>
    </span>
  );
}
