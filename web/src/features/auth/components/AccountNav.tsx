import { lazy, Suspense } from "react";
import { NavLink } from "#web/components/Link";
import { navLinkClass } from "#web/components/Navbar";
import { useSession } from "#web/lib/session/get-session";
import { signedInHint, useSignedInHint } from "#web/lib/session/signed-in-hint";

let signedInNav: Promise<{ default: typeof import("./SignedInNav").SignedInNav }> | undefined;
const loadSignedInNav = () => {
  signedInNav ??= import("./SignedInNav").then((m) => ({ default: m.SignedInNav }));
  return signedInNav;
};
const SignedInNav = lazy(loadSignedInNav);
// A browser that holds a session fetches the profile menu's code beside the first page's, not once the
// session check has answered; visitors never download it.
if (typeof document !== "undefined" && signedInHint()) loadSignedInNav().catch(() => {});

/**
 * Keeps the bar's layout steady while nobody knows yet whether anyone is signed in: hidden where
 * index.html's first script has marked the document `signed-in` (the hint, read before the first paint).
 */
const placeholder = (
  <li aria-hidden="true" className="hidden h-11 w-20 md:ml-3 md:block signed-in:md:hidden" />
);

/** Where the photo opening the profile menu goes, the size of that button, until the user is in. */
function PhotoPlaceholder({ onlyWhenSignedIn }: { onlyWhenSignedIn: boolean }) {
  return (
    <li
      aria-hidden="true"
      className={`hidden md:ml-3 ${onlyWhenSignedIn ? "signed-in:md:block" : "md:block"}`}
    >
      <div className="flex items-center gap-1.5 p-1 pr-2">
        <span className="size-9 rounded-full bg-slate-100 ring-1 ring-slate-200" />
        <span className="size-4" />
      </div>
    </li>
  );
}

/**
 * The navigation bar's account items (spec §2): the Login link for visitors; for signed-in users
 * the Dashboard link and their photo opening the profile menu (SignedInNav). While the session check
 * runs, a browser that holds a session (the signed-in hint) already shows the Dashboard link and a
 * blank photo, so its first paint is the signed-in bar, never the Login link.
 */
export function AccountNav() {
  const session = useSession();
  const user = session.data;
  const hint = useSignedInHint();

  if (user === null || (user === undefined && !session.isPending && !hint)) {
    return (
      <li className="mt-2 md:mt-0 md:ml-3">
        <NavLink to="/login" className="btn btn-primary w-full md:w-auto">
          Login
        </NavLink>
      </li>
    );
  }

  // Not known yet (the page the server rendered for everyone, and its hydration): the signed-in bar
  // is drawn too, shown by CSS only where index.html's first script found the hint, so a signed-in
  // buyer's first paint already has the Dashboard link.
  const unknown = !user && !hint;
  return (
    <>
      <li className={unknown ? "hidden signed-in:list-item" : undefined}>
        <NavLink to="/dashboard" className={({ isActive }) => navLinkClass(isActive)}>
          Dashboard
        </NavLink>
      </li>
      {user ? (
        <Suspense fallback={<PhotoPlaceholder onlyWhenSignedIn={false} />}>
          <SignedInNav user={user} />
        </Suspense>
      ) : (
        <PhotoPlaceholder onlyWhenSignedIn={unknown} />
      )}
      {unknown && placeholder}
    </>
  );
}
