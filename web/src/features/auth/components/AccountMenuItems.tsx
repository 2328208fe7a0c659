import { BriefcaseIcon, SignOutIcon, UserIcon } from "#web/components/auth-icons";
import { UserAvatar } from "#web/components/UserAvatar";
import type { SessionUser } from "#web/lib/session/get-session";
import { useSignOut } from "#web/lib/session/sign-out";

// What the profile menu (ProfileMenu) and the phone menu (SignedInNav) both show a signed-in user.

/** Who is signed in: their photo, name and email, at the top of the menu. */
export function UserSummary({ user, className }: { user: SessionUser; className: string }) {
  return (
    <div className={className}>
      <UserAvatar image={user.image} size={40} />
      <div className="min-w-0">
        {/* Whole, wrapped where they must: a person checks whose account this is by them. */}
        <p className="font-semibold text-navy wrap-anywhere">{user.name}</p>
        <p className="text-slate-600 text-sm wrap-anywhere">{user.email}</p>
      </div>
    </div>
  );
}

/** The signed-in user's own pages. */
export const accountLinks = [
  { to: "/showProfile", label: "Your Profile", Icon: UserIcon },
  { to: "/showPortfolio", label: "Your Portfolio", Icon: BriefcaseIcon },
] as const;

/** Sign Out, the menu's last item. */
export function SignOutButton({ className }: { className: string }) {
  const signOut = useSignOut();
  return (
    <button type="button" className={className} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
      <SignOutIcon className="size-5 text-slate-500" />
      {signOut.isPending ? "Signing out…" : "Sign Out"}
    </button>
  );
}
