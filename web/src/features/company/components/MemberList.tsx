import type { CompanyRole, MyCompany } from "#contract/companies";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useRemoveMember, useSetMemberRole } from "../api/company";

type Member = MyCompany["members"][number];

const roleNames: Record<CompanyRole, string> = { admin: "Admin", buyer: "Buyer" };

const failed = (error: unknown) => toast.error("Failed", { description: errorMessage(error) });

/**
 * The company's members: a company admin changes roles and removes members; everyone may leave.
 * The server refuses to leave the company without an admin and says so.
 */
export function MemberList(props: { companyId: string; members: Member[]; me: string; isAdmin: boolean }) {
  const setRole = useSetMemberRole(props.companyId);
  const remove = useRemoveMember(props.companyId);
  const busy = setRole.isPending || remove.isPending;

  return (
    <ul
      aria-label="Members"
      className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {props.members.map((member) => {
        const isMe = member.userId === props.me;
        return (
          <li key={member.userId} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4 sm:px-6">
            <div className="w-full min-w-0 sm:w-auto sm:flex-1">
              <p className="font-semibold text-navy [overflow-wrap:anywhere]">
                {member.name}
                {isMe && <span className="font-normal text-slate-600"> (you)</span>}
              </p>
              <p className="text-slate-600 text-sm [overflow-wrap:anywhere]">{member.email}</p>
            </div>
            {props.isAdmin ? (
              <label className="flex items-center gap-2 text-sm text-steel">
                <span className="sr-only">Role of {member.name}</span>
                <select
                  value={member.role}
                  disabled={busy}
                  onChange={(event) =>
                    setRole.mutate(
                      { userId: member.userId, role: event.target.value as CompanyRole },
                      { onError: failed },
                    )
                  }
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-navy"
                >
                  <option value="buyer">Buyer</option>
                  <option value="admin">Admin</option>
                </select>
              </label>
            ) : (
              <span className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 text-sm">
                {roleNames[member.role]}
              </span>
            )}
            {(isMe || props.isAdmin) && (
              <button
                type="button"
                disabled={busy}
                onClick={() => remove.mutate(member.userId, { onError: failed })}
                className="btn btn-secondary min-h-10 px-3.5 py-2 text-sm"
              >
                {isMe ? (
                  "Leave the company"
                ) : (
                  <>
                    Remove<span className="sr-only"> {member.name}</span>
                  </>
                )}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
