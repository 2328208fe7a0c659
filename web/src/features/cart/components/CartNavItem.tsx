import { lazy, Suspense } from "react";
import { Icon } from "#web/components/icons";
import { NavLink } from "#web/components/Link";
import { useSession } from "#web/lib/session/get-session";
import { signedInHint, useSignedInHint } from "#web/lib/session/signed-in-hint";

// The count reads the cart (and its zod schema): a chunk of its own, fetched only for signed-in
// browsers, so a first visit's code grows by this link alone.
let cartCount: Promise<{ default: typeof import("./CartCount").CartCount }> | undefined;
const loadCartCount = () => {
  cartCount ??= import("./CartCount").then((m) => ({ default: m.CartCount }));
  return cartCount;
};
const CartCount = lazy(loadCartCount);
if (typeof document !== "undefined" && signedInHint()) loadCartCount().catch(() => {});

function CartIcon() {
  return (
    <Icon className="size-6" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.4a1.5 1.5 0 0 0 1.4-1l2-6.3H6.2" />
      <circle cx="9.5" cy="19.5" r="1.3" />
      <circle cx="17" cy="19.5" r="1.3" />
    </Icon>
  );
}

/**
 * The bar's cart link with its line count, for signed-in buyers (beside the menu toggle on phones).
 * While the session is unknown it is drawn only where index.html marked the document signed in.
 */
export function CartNavItem() {
  const session = useSession();
  const user = session.data;
  const hint = useSignedInHint();
  if (user === null || (user === undefined && !session.isPending && !hint)) return null;
  const unknown = !user && !hint;
  return (
    <NavLink
      to="/cart"
      className={({ isActive }) =>
        `${unknown ? "hidden signed-in:inline-flex" : "inline-flex"} h-11 items-center gap-1.5 rounded-md px-2.5 font-medium text-[0.9375rem] ${isActive ? "bg-orange-50 text-accent-dark" : "text-steel hover:bg-slate-100 hover:text-navy"}`
      }
    >
      <CartIcon />
      <span className="sr-only md:not-sr-only">Cart</span>
      {user && (
        <Suspense fallback={null}>
          <CartCount />
        </Suspense>
      )}
    </NavLink>
  );
}
