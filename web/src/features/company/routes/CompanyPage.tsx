import type { Company, MyCompany } from "#contract/companies";
import { formatDollars } from "#contract/money";
import { PanelHeading } from "#web/components/PanelHeading";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { useSearchParams } from "#web/lib/routing/search-params";
import { useSession } from "#web/lib/session/get-session";
import { useMyCompany } from "../api/company";
import { AcceptInvitation } from "../components/AcceptInvitation";
import { AccountPanel } from "../components/AccountPanel";
import { ApplyForm } from "../components/ApplyForm";
import { CompanyOrders } from "../components/CompanyOrders";
import { InviteForm } from "../components/InviteForm";
import { MemberList } from "../components/MemberList";

const statusNotes: Record<Company["status"], { title: string; text: string } | undefined> = {
  pending: {
    title: "Waiting for approval",
    text: "The shop is reviewing your application. You can invite colleagues once it is approved.",
  },
  rejected: {
    title: "Not approved",
    text: "The shop did not approve this company account. Contact us if you think this is a mistake.",
  },
  approved: undefined,
};

const termsText = (days: number) => (days === 0 ? "Card only" : `Pay on account, ${days} days`);

function CompanyFacts({ company }: { company: Company }) {
  const rows: [string, string][] = [
    ["Tax ID", company.taxId],
    ["Address", company.address],
    ["Payment", termsText(company.paymentTermsDays)],
    ["Credit limit", formatDollars(company.creditLimit)],
    ["Discount", `${company.discountPercent}%`],
    ["PO number", company.poRequired ? "Required on every order" : "Optional"],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="font-semibold text-sm text-steel">{label}</dt>
          <dd className="text-navy whitespace-pre-line [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Membership({ data, me }: { data: MyCompany & { company: Company }; me: string }) {
  const { company } = data;
  const isAdmin = data.role === "admin";
  const note = statusNotes[company.status];
  return (
    <div className="space-y-6">
      <div>
        <h2 className="font-bold text-navy text-xl [overflow-wrap:anywhere]">{company.name}</h2>
        <p className="text-slate-600">You are its {data.role === "admin" ? "admin" : "buyer"}.</p>
      </div>
      {note && (
        <div role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
          <p className="font-semibold">{note.title}</p>
          <p className="mt-1">{note.text}</p>
        </div>
      )}
      <CompanyFacts company={company} />
      {isAdmin && company.status === "approved" && <AccountPanel company={company} />}
      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="font-semibold text-lg text-navy">
          Members
        </h2>
        <MemberList companyId={company._id} members={data.members} me={me} isAdmin={isAdmin} />
      </section>
      {isAdmin && company.status === "approved" && <InviteForm companyId={company._id} />}
      {isAdmin && data.invitations.length > 0 && (
        <section aria-labelledby="invitations-heading" className="space-y-3">
          <h2 id="invitations-heading" className="font-semibold text-lg text-navy">
            Invitations not yet accepted
          </h2>
          <ul className="space-y-2">
            {data.invitations.map((i) => (
              <li
                key={i._id}
                className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-700"
              >
                <span className="font-medium text-navy [overflow-wrap:anywhere]">{i.email}</span> as {i.role},
                until <time dateTime={i.expiresAt}>{new Date(i.expiresAt).toLocaleDateString("en-US")}</time>
              </li>
            ))}
          </ul>
        </section>
      )}
      {isAdmin && company.status === "approved" && <CompanyOrders companyId={company._id} />}
    </div>
  );
}

/** /dashboard/company: apply for a company account, or see one's company, its members and invitations. */
export function CompanyPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("invitation");
  const me = useSession().data?.id ?? "";
  const mine = useMyCompany();
  return (
    <section aria-labelledby="company-heading" className="max-w-4xl">
      <title>Company · Car Mechanic</title>
      <PanelHeading id="company-heading" title="Company">
        Order for your company with your colleagues.
      </PanelHeading>
      {token && <AcceptInvitation token={token} />}
      <QueryState
        query={mine}
        pending={<Spinner label="Loading your company…" />}
        errorTitle="We could not load your company"
      >
        {(data) =>
          data.company ? (
            <Membership data={{ ...data, company: data.company }} me={me} />
          ) : (
            !token && <ApplyForm />
          )
        }
      </QueryState>
    </section>
  );
}
