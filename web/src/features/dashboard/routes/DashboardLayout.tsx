import { useState } from "react";
import { Outlet, useLocation } from "react-router";
import { SidebarIcon } from "#web/components/dashboard-icons";
import { CloseIcon } from "#web/components/icons";
import { NavLink } from "#web/components/Link";
import { useAdmin } from "#web/lib/session/use-admin";
import { VerifyEmailBanner } from "../components/VerifyEmailBanner";

const sidebarId = "dashboard-sidebar";

type SidebarLink = { to: string; label: string; end?: boolean };

// Spec §2: the sidebar for signed-in users who are not admins (and their company, issue 27)...
const userLinks: SidebarLink[] = [
  { to: "/dashboard/createProfile", label: "Create Profile" },
  { to: "/dashboard/myProfile", label: "My Profile" },
  { to: "/dashboard/createPortfolio", label: "Create Portfolio" },
  { to: "/dashboard/portfolio", label: "My Portfolio" },
  { to: "/dashboard", label: "My Orders", end: true },
  { to: "/dashboard/myReview", label: "Add Review" },
  { to: "/dashboard/company", label: "Company" },
  { to: "/dashboard/account", label: "Account settings" },
];

// ...and the one for admins, plus the contact inbox (decisions.md: admins read the messages), the
// company accounts (issue 27), the invoices and their settings (issue 28) and the webhooks (issue 29).
const adminLinks: SidebarLink[] = [
  { to: "/dashboard/createProfile", label: "Create Profile" },
  { to: "/dashboard/myProfile", label: "My Profile" },
  { to: "/dashboard/showAllProfile", label: "Show All Profile" },
  { to: "/dashboard/addTools", label: "Add A Tools" },
  { to: "/dashboard/manageTools", label: "Manage Tools" },
  { to: "/dashboard/users", label: "All Users" },
  { to: "/dashboard/manageAllOrder", label: "Manage All Order" },
  { to: "/dashboard/companies", label: "Companies" },
  { to: "/dashboard/invoices", label: "Invoices" },
  { to: "/dashboard/invoicing", label: "Invoicing" },
  { to: "/dashboard/contactMessages", label: "Contact Messages" },
  { to: "/dashboard/outbox", label: "Outbox" },
  { to: "/dashboard/webhooks", label: "Webhooks" },
  { to: "/dashboard/account", label: "Account settings" },
];

/** Grey bars in the sidebar's place until the role is known: never the wrong list for a moment. */
function SidebarSkeleton() {
  return (
    <div role="status" className="space-y-1 px-1">
      <span className="sr-only">Loading the dashboard menu…</span>
      {[72, 60, 80, 66, 56, 70].map((width) => (
        <div key={width} aria-hidden="true" className="flex h-10 items-center px-2">
          <div className="h-3.5 animate-pulse rounded bg-slate-200" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}

/** The dashboard: a sidebar (a toggled panel on small screens) beside the selected screen. */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const { isAdmin } = useAdmin();
  // Open only on the page where it was opened, so choosing a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const links = isAdmin ? adminLinks : userLinks;

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
        <p className="flex items-center justify-between px-3 pt-2 pb-3 font-semibold text-slate-500 text-xs uppercase tracking-widest">
          Dashboard
          {isAdmin && (
            <span className="rounded-full bg-navy px-2 py-0.5 font-semibold text-[0.6875rem] text-white normal-case tracking-normal">
              Admin
            </span>
          )}
        </p>
        {isAdmin === undefined ? (
          <SidebarSkeleton />
        ) : (
          <nav aria-label="Dashboard">
            <ul className="space-y-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
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
        )}
      </aside>

      <div className="min-w-0">
        <VerifyEmailBanner />
        <Outlet />
      </div>
    </div>
  );
}
