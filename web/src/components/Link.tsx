import type { ComponentProps, ReactNode } from "react";
import {
  type RelativeRoutingType,
  type To,
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
} from "react-router";

// The shop's links to its own pages, in place of React Router's <Link> and <NavLink>: theirs carry
// the framework mode's route discovery and prefetching, which a declarative router never uses but
// every first visit downloaded (2.3 kB gzipped). These do what the app asks of them, with the
// router's own hooks: the address in `href`, and a click (without a modifier key or another target)
// that navigates within the app; BrowserRouter makes each navigation a transition.

export type LinkProps = Omit<ComponentProps<"a">, "href"> & {
  to: To;
  /** Replaces the current entry in the history (by default only when `to` is the current address). */
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  relative?: RelativeRoutingType;
};

/** A link to a page of the shop. */
export function Link({
  to,
  replace,
  state,
  preventScrollReset,
  relative,
  target,
  onClick,
  ...rest
}: LinkProps) {
  const href = useHref(to, { relative });
  const navigate = useLinkClickHandler(to, { replace, state, target, preventScrollReset, relative });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

export type NavLinkProps = Omit<LinkProps, "className" | "children"> & {
  /** The classes, or a function of whether the link's page is the one shown. */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
  /** Active only on its own page, not on the pages below it. */
  end?: boolean;
};

/**
 * A link that knows whether its page is shown (the page or, unless `end`, one below it, case
 * insensitive), as React Router's: `aria-current="page"` then, and its `className` is given
 * `isActive` (a plain string gets the class `active`).
 */
export function NavLink({
  to,
  end = false,
  className = "",
  children,
  "aria-current": ariaCurrent = "page",
  ...rest
}: NavLinkProps) {
  const page = useResolvedPath(to, { relative: rest.relative }).pathname.toLowerCase();
  const shown = useLocation().pathname.toLowerCase();
  const slashAt = page !== "/" && page.endsWith("/") ? page.length - 1 : page.length;
  const isActive = shown === page || (!end && shown.startsWith(page) && shown.charAt(slashAt) === "/");
  const state = { isActive };
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(state)
          : [className, isActive && "active"].filter(Boolean).join(" ")
      }
    >
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}
