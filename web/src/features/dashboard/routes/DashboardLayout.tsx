import { useState } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { CloseIcon, SidebarIcon } from "../../../components/icons";

const sidebarId = "dashboard-sidebar";

// The sidebar for signed-in users who are not admins (spec §2). Admins get their own list once
// sign-in and roles exist; until then this list is the placeholder.
const userLinks = [
  { to: "/dashboard/createProfile", label: "Create Profile" },
  { to: "/dashboard/myProfile", label: "My Profile" },
  { to: "/dashboard/createPortfolio", label: "Create Portfolio" },
  { to: "/dashboard/portfolio", label: "My Portfolio" },
  { to: "/dashboard", label: "My Orders", end: true },
  { to: "/dashboard/myReview", label: "Add Review" },
] as const;

/** The dashboard: a sidebar (a toggled panel on small screens) beside the selected screen. */
export function DashboardLayout() {
  const { pathname } = useLocation();
  // Open only on the page where it was opened, so choosing a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8 lg:px-8 lg:py-10">
      <div className="mb-4 lg:hidden">
        <button
          type="button"
          className="btn btn-secondary w-full justify-between"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className="inline-flex items-center gap-2">
            <SidebarIcon />
            Dashboard menu
          </span>
          {open && <CloseIcon className="size-5" />}
        </button>
      </div>

      <aside
        id={sidebarId}
        className={`${open ? "block" : "hidden"} mb-6 self-start rounded-2xl border border-slate-200 bg-white p-3 shadow-sm lg:sticky lg:top-24 lg:mb-0 lg:block`}
      >
        <p className="px-3 pt-2 pb-3 text-xs font-semibold uppercase tracking-widest text-slate-500">
          Dashboard
        </p>
        <nav aria-label="Dashboard">
          <ul className="space-y-1">
            {userLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={"end" in link}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2.5 text-[0.9375rem] font-medium transition-colors ${
                      isActive
                        ? "bg-orange-50 text-accent-dark"
                        : "text-steel hover:bg-slate-100 hover:text-navy"
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>

      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
