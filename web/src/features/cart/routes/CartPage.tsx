import { useState } from "react";
import { Link } from "react-router";
import type { Cart } from "#contract/cart";
import { formatDollars } from "#contract/money";
import { ConfirmDialog } from "#web/components/ConfirmDialog";
import { EmptyState } from "#web/components/EmptyState";
import { BoxIcon } from "#web/components/icons";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useCart, useClearCart } from "../api/cart";
import { CartLineItem } from "../components/CartLineItem";

function CartSummary({ cart }: { cart: Cart }) {
  const clear = useClearCart();
  const [confirming, setConfirming] = useState(false);
  const withProblems = cart.lines.filter((line) => line.problem).length;
  return (
    <aside
      aria-labelledby="summary-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="summary-heading" className="font-bold text-lg text-navy">
        Order summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Lines</dt>
          <dd className="font-semibold tabular-nums">{cart.lines.length}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-slate-200 border-t pt-3">
          <dt className="font-semibold text-base text-navy">Order total</dt>
          <dd className="font-bold text-2xl text-navy tabular-nums" data-testid="cart-total">
            {formatDollars(cart.total)}
          </dd>
        </div>
      </dl>
      {withProblems > 0 && (
        <p className="mt-3 text-amber-900 text-sm">
          {withProblems === 1 ? "One line has" : `${withProblems} lines have`} a problem and{" "}
          {withProblems === 1 ? "is" : "are"} not counted in the total: change or remove{" "}
          {withProblems === 1 ? "it" : "them"}.
        </p>
      )}
      <button type="button" className="btn btn-primary mt-5 w-full" disabled aria-describedby="checkout-note">
        Check out
      </button>
      <p id="checkout-note" className="mt-2 text-slate-600 text-xs">
        Checking out the whole cart is coming soon. Until then, order each tool from its page.
      </p>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-slate-200 border-t pt-4 text-sm">
        <Link to="/quick-order" className="font-semibold text-accent-dark underline-offset-4 hover:underline">
          Quick order
        </Link>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="font-semibold text-red-700 underline-offset-4 hover:underline"
        >
          Clear cart
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Clear your cart?"
        text={`All ${cart.lines.length === 1 ? "1 line" : `${cart.lines.length} lines`} leave the cart.`}
        confirmLabel="Clear cart"
        busyLabel="Clearing…"
        onConfirm={() =>
          clear.mutateAsync().catch((error: unknown) => {
            toast.error("The cart was not cleared", { description: errorMessage(error) });
          })
        }
      />
    </aside>
  );
}

/** /cart (signed in): the cart's lines to change or remove, and the order total. */
export function CartPage() {
  const cart = useCart();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>Your cart · Car Mechanic</title>
      <h1 className="font-bold text-3xl text-navy tracking-tight">Your cart</h1>
      <div className="mt-6">
        <QueryState
          query={cart}
          pending={<Spinner label="Loading your cart…" />}
          errorTitle="We could not load your cart"
          empty={(data) =>
            data.lines.length === 0 && (
              <EmptyState
                icon={<BoxIcon />}
                title="Your cart is empty"
                action={
                  <>
                    <Link to="/tools" className="btn btn-primary">
                      Browse tools
                    </Link>
                    <Link to="/quick-order" className="btn btn-secondary">
                      Paste a list
                    </Link>
                  </>
                }
              >
                Add tools from their pages, or paste your whole list of SKUs and quantities in a quick order.
              </EmptyState>
            )
          }
        >
          {(data) => (
            <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
              <section
                aria-label="Cart lines"
                className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm sm:px-6"
              >
                <ul className="divide-y divide-slate-200">
                  {data.lines.map((line) => (
                    <CartLineItem key={line.toolId} line={line} />
                  ))}
                </ul>
              </section>
              <CartSummary cart={data} />
            </div>
          )}
        </QueryState>
      </div>
    </div>
  );
}
