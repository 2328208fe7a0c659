import { useState } from "react";
import type { User } from "#contract/accounts";
import { ConfirmDialog } from "#web/components/ConfirmDialog";
import { Email } from "#web/components/Email";
import { UserAvatar } from "#web/components/UserAvatar";
import { useMakeAdmin } from "../api/make-admin";
import { MakeAdminButton } from "./MakeAdminButton";
import { RoleBadge } from "./RoleBadge";

const joinedFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function Joined({ createdAt }: { createdAt: string }) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return <span>—</span>;
  return <time dateTime={createdAt}>{joinedFormat.format(date)}</time>;
}

function Avatar({ user }: { user: User }) {
  return <UserAvatar image={user.image} size={36} loading="lazy" className="size-9" />;
}

type UserListProps = {
  users: User[];
  /** The signed-in admin's email: their own row is marked. */
  currentEmail: string;
};

/** All Users: a table on wider screens, a list of cards on phones (nothing wider than the page). */
export function UserList({ users, currentEmail }: UserListProps) {
  const isMe = (user: User) => user.email.toLowerCase() === currentEmail.toLowerCase();
  const you = <span className="ml-1.5 font-normal text-slate-500 text-sm">(you)</span>;
  const makeAdmin = useMakeAdmin();
  // The user Make Admin was pressed for, kept while the dialog closes (it fades with their name).
  const [asked, setAsked] = useState<{ user: User; open: boolean } | null>(null);
  const ask = (user: User) => setAsked({ user, open: true });
  return (
    <>
      <ConfirmDialog
        open={asked?.open ?? false}
        onClose={() => setAsked((a) => a && { ...a, open: false })}
        title={asked ? `Make ${asked.user.name} an admin?` : "Make an admin?"}
        text={
          asked && (
            <p>
              <span className="font-semibold text-navy">{asked.user.name}</span> (
              <span className="break-all">{asked.user.email}</span>) will add and delete tools, manage every
              order and see every user and profile.
            </p>
          )
        }
        confirmLabel="Make Admin"
        busyLabel="Making admin…"
        tone="primary"
        onConfirm={() => asked && makeAdmin.mutateAsync(asked.user.email)}
      />
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-[0.9375rem]">
          <caption className="sr-only">All users</caption>
          <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wider">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Role
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Joined
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user._id} data-testid="user-row">
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <Avatar user={user} />
                    <span className="font-semibold text-navy">
                      {user.name}
                      {isMe(user) && you}
                    </span>
                  </div>
                </td>
                <td className="px-4 py-3 text-steel">
                  <Email email={user.email} />
                </td>
                <td className="px-4 py-3">
                  <RoleBadge role={user.role} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-steel">
                  <Joined createdAt={user.createdAt} />
                </td>
                <td className="px-4 py-3 text-right">
                  {user.role !== "admin" && (
                    <MakeAdminButton user={user} onAsk={ask} className="inline-block" />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="All users" className="space-y-3 md:hidden">
        {users.map((user) => (
          <li
            key={user._id}
            data-testid="user-card"
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start gap-3">
              <Avatar user={user} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-navy">
                  {user.name}
                  {isMe(user) && you}
                </p>
                <p className="text-slate-600 text-sm">
                  <Email email={user.email} />
                </p>
              </div>
              <RoleBadge role={user.role} />
            </div>
            <p className="mt-3 text-slate-600 text-sm">
              Joined <Joined createdAt={user.createdAt} />
            </p>
            {user.role !== "admin" && <MakeAdminButton user={user} onAsk={ask} className="mt-3" />}
          </li>
        ))}
      </ul>
    </>
  );
}
