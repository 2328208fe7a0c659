import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import type { Cart } from "#contract/cart";
import { formatDollars } from "#contract/money";
import { CompanyPriceLabel } from "#web/components/CompanyPrice";
import { ConfirmDialog } from "#web/components/ConfirmDialog";
import { EmptyState } from "#web/components/EmptyState";
import { BoxIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { errorMessage } from "#web/lib/api";
import { type ReorderNotice, reorderNoticeOf } from "#web/lib/cart/reorder-notice";
import { useCompanyDiscount } from "#web/lib/companies/company-price";
import { toast } from "#web/lib/toast";
import { useCart, useClearCart } from "../api/cart";
import { CartLineItem } from "../components/CartLineItem";

// The checkout's form (react-hook-form, the order fields' rules) loads when the buyer checks out.
const CheckoutForm = lazy(async () => ({
  default: (await import("../components/CheckoutForm")).CheckoutForm,
}));

/** After "Order again" (My Orders): which order went back into the cart, and what changed for its lines. */
function ReorderedNotice({ notice }: { notice: ReorderNotice }) {
  return (
    <section
      role="status"
      aria-label="Order again"
      data-testid="reorder-notice"
      className="mb-6 rounded-2xl border border-sky-200 bg-sky-50 px-5 py-4 text-sky-950"
    >
      <p className="font-semibold">
        The lines of order <span className="font-mono">{notice.orderNumber}</span> are in your cart, at
        today's prices.
      </p>
      {notice.changes.length === 0 ? (
        <p className="mt-1 text-sm">Nothing changed since you ordered them.</p>
      ) : (
        <>
          <p className="mt-1 text-sm">What changed since you ordered them:</p>
          <ul className="mt-1.5 list-disc space-y-1 pl-5 text-sm">
            {notice.changes.map((change) => (
              <li key={change.toolId} data-testid="reorder-change">
                <span className="font-medium">{change.name}</span>: {change.change}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CartSummary({ cart, onCheckOut }: { cart: Cart; onCheckOut: (() => void) | undefined }) {
  const clear = useClearCart();
  const [confirming, setConfirming] = useState(false);
  const withProblems = cart.lines.filter((line) => line.problem).length;
  // The server prices the lines at the buyer's company price already: this only says so.
  const discount = useCompanyDiscount();
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
          <dt className="font-semibold text-base text-navy">Subtotal</dt>
          <dd className="font-bold text-2xl text-navy tabular-nums" data-testid="cart-total">
            {formatDollars(cart.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-slate-600 text-xs">
        Before tax: the checkout adds it for the delivery address.
      </p>
      {discount > 0 && <CompanyPriceLabel discountPercent={discount} className="mt-1 block text-right" />}
      {withProblems > 0 && (
        <p className="mt-3 text-amber-900 text-sm">
          {withProblems === 1 ? "One line has" : `${withProblems} lines have`} a problem and{" "}
          {withProblems === 1 ? "is" : "are"} not counted in the total: change or remove{" "}
          {withProblems === 1 ? "it" : "them"}.
        </p>
      )}
      {onCheckOut && (
        <button type="button" className="btn btn-primary mt-5 w-full" onClick={onCheckOut}>
          Check out
        </button>
      )}
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
  const reordered = reorderNoticeOf(useLocation().state);
  const [checkingOut, setCheckingOut] = useState(false);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>Your cart · Car Mechanic</title>
      <h1 className="font-bold text-3xl text-navy tracking-tight">Your cart</h1>
      <div className="mt-6">
        {reordered && <ReorderedNotice notice={reordered} />}
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
              {/* On a phone the total and "Check out" come first, above a list of lines that may be long. */}
              <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-stretch">
                <CartSummary cart={data} onCheckOut={checkingOut ? undefined : () => setCheckingOut(true)} />
              </div>
              <section
                aria-label="Cart lines"
                className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm sm:px-6 lg:col-start-1 lg:row-start-1"
              >
                <ul className="divide-y divide-slate-200">
                  {data.lines.map((line) => (
                    <CartLineItem key={line.toolId} line={line} />
                  ))}
                </ul>
              </section>
              {checkingOut && (
                <div className="lg:col-start-1">
                  <Suspense fallback={<Spinner label="Loading the checkout…" />}>
                    <CheckoutForm cart={data} />
                  </Suspense>
                </div>
              )}
            </div>
          )}
        </QueryState>
      </div>
    </div>
  );
}
