import { NavLink } from "#web/components/Link";
import type { SessionUser } from "#web/lib/session/get-session";
import { accountLinks, SignOutButton, UserSummary } from "./AccountMenuItems";
import { ProfileMenu } from "./ProfileMenu";

const mobileItemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-base font-medium text-steel hover:bg-slate-100 hover:text-navy disabled:opacity-60";

/**
 * The navigation bar's items for a signed-in user after the Dashboard link (spec §2): their photo
 * opening the profile menu (on phones, the same links inline). Its own chunk, loaded only when the
 * browser holds a session (AccountNav): visitors, most first visits, never download it.
 */
export function SignedInNav({ user }: { user: SessionUser }) {
  return (
    <>
      <li className="hidden md:ml-3 md:block">
        <ProfileMenu user={user} />
      </li>
      <li className="mt-2 border-slate-200 border-t pt-3 md:hidden">
        <UserSummary user={user} className="flex items-center gap-3 px-3 pb-2" />
        <ul className="space-y-0.5">
          {accountLinks.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} className={mobileItemClass}>
                <Icon className="size-5 text-slate-500" />
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <SignOutButton className={mobileItemClass} />
          </li>
        </ul>
      </li>
    </>
  );
}
