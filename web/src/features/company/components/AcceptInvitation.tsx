import { useNavigate } from "react-router";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { toast } from "#web/lib/toast";
import { useAcceptInvitation } from "../api/company";

/** The panel an emailed invitation's link opens: the signed-in member accepts it here. */
export function AcceptInvitation({ token }: { token: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();

  function onAccept() {
    accept.mutate(token, {
      onSuccess: (joined) => {
        toast.success("Welcome aboard", {
          description: `You are a member of ${joined.company?.name ?? "the company"}.`,
        });
        navigate({ search: "" }, { replace: true });
      },
    });
  }

  return (
    <section
      aria-labelledby="invitation-heading"
      className="mb-6 rounded-2xl border border-orange-200 bg-orange-50/60 p-5 shadow-sm sm:p-6"
    >
      <h2 id="invitation-heading" className="font-semibold text-lg text-navy">
        You have been invited to join a company
      </h2>
      <p className="mt-1 text-slate-700">
        Accept to order for the company with this account. The invitation must have been sent to this
        account's verified email address.
      </p>
      {accept.isError && <FailedAlert error={accept.error} className="mt-4" />}
      <button type="button" onClick={onAccept} disabled={accept.isPending} className="btn btn-primary mt-4">
        {accept.isPending ? "Joining…" : "Accept the invitation"}
      </button>
    </section>
  );
}
