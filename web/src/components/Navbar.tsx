import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "./icons";
import { Link, NavLink } from "./Link";

const menuId = "main-menu";

const linkBase =
  "block rounded-md px-3 py-2 text-base font-medium transition-colors md:py-1.5 md:text-[0.9375rem]";
const linkIdle = "text-steel hover:bg-slate-100 hover:text-navy";
const linkActive =
  "bg-orange-50 text-accent-dark md:bg-transparent md:underline md:decoration-accent md:decoration-2 md:underline-offset-[0.6rem]";

/** The classes of a link in the bar (the account links the app adds use them too). */
export function navLinkClass(isActive: boolean): string {
  return `${linkBase} ${isActive ? linkActive : linkIdle}`;
}

const links = [
  { to: "/tools", label: "Tools" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
] as const;

type NavbarProps = {
  /** The account items after the main links (list items): Login, or Dashboard and the profile menu. */
  account?: ReactNode;
  /** Beside the menu toggle, outside the menu, on every screen size (the cart link). */
  aside?: ReactNode;
};

/** The site's top bar: logo, main links, the account items and (on small screens) a menu toggle. */
export function Navbar({ account, aside }: NavbarProps) {
  const { pathname, key } = useLocation();
  // The menu stays open only on the page where it was opened, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const homeActive = pathname === "/" || pathname === "/home";

  // Escape closes the open menu.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpenOn(null);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <nav
        aria-label="Main"
        className="relative mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8"
      >
        <Link to="/" className="shrink-0">
          <img
            src="/images/logo.svg"
            width={160}
            height={40}
            alt="Car Mechanic home"
            className="h-9 w-auto sm:h-10"
          />
        </Link>

        <div className="flex items-center gap-1 md:order-last md:ml-2">
          {aside}
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-slate-100 md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpenOn(open ? null : key)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>

        <ul
          id={menuId}
          className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full flex-col gap-1 border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg md:static md:ml-auto md:flex md:flex-row md:items-center md:gap-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
        >
          <li>
            <Link to="/" aria-current={homeActive ? "page" : undefined} className={navLinkClass(homeActive)}>
              Home
            </Link>
          </li>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={({ isActive }) => navLinkClass(isActive)}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {account}
        </ul>
      </nav>
    </header>
  );
}
