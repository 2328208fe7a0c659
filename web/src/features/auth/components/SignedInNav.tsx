import { NavLink } from "react-router";
import { navLinkClass } from "../../../components/Navbar";
import type { SessionUser } from "../api/get-session";
import { useSignOut } from "../api/sign-out";
import { BriefcaseIcon, SignOutIcon, UserIcon } from "./auth-icons";
import { ProfileMenu } from "./ProfileMenu";
import { UserAvatar } from "./UserAvatar";

const mobileItemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-base font-medium text-steel hover:bg-slate-100 hover:text-navy disabled:opacity-60";

/**
 * The navigation bar's items for a signed-in user (spec §2): the Dashboard link and their photo
 * opening the profile menu (on phones, the same links inline). Its own chunk, loaded only once a
 * session is known (AccountNav): visitors, most first visits, never download it.
 */
export function SignedInNav({ user }: { user: SessionUser }) {
  const signOut = useSignOut();

  return (
    <>
      <li>
        <NavLink to="/dashboard" className={({ isActive }) => navLinkClass(isActive)}>
          Dashboard
        </NavLink>
      </li>
      <li className="hidden md:ml-3 md:block">
        <ProfileMenu user={user} />
      </li>
      <li className="mt-2 border-slate-200 border-t pt-3 md:hidden">
        <div className="flex items-center gap-3 px-3 pb-2">
          <UserAvatar image={user.image} size={40} />
          <div className="min-w-0">
            <p className="truncate font-semibold text-navy">{user.name}</p>
            <p className="truncate text-slate-600 text-sm">{user.email}</p>
          </div>
        </div>
        <ul className="space-y-0.5">
          <li>
            <NavLink to="/showProfile" className={mobileItemClass}>
              <UserIcon className="size-5 text-slate-500" />
              Your Profile
            </NavLink>
          </li>
          <li>
            <NavLink to="/showPortfolio" className={mobileItemClass}>
              <BriefcaseIcon className="size-5 text-slate-500" />
              Your Portfolio
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className={mobileItemClass}
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              <SignOutIcon className="size-5 text-slate-500" />
              {signOut.isPending ? "Signing out…" : "Sign Out"}
            </button>
          </li>
        </ul>
      </li>
    </>
  );
}
