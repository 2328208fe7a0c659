import type { User } from "#contract/accounts";

/** A user's role as a small label: admins stand out. */
export function RoleBadge({ role }: { role: User["role"] }) {
  return role === "admin" ? (
    <span className="inline-flex items-center rounded-full bg-navy px-2.5 py-0.5 font-semibold text-white text-xs">
      admin
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 font-semibold text-steel text-xs ring-1 ring-slate-200 ring-inset">
      user
    </span>
  );
}
