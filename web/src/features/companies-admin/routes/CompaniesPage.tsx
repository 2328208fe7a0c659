import { type CompanyStatus, companyStatuses } from "#contract/companies";
import { InboxIcon } from "#web/components/dashboard-icons";
import { EmptyState } from "#web/components/EmptyState";
import { Link } from "#web/components/Link";
import { ListCount } from "#web/components/ListCount";
import { PagedList } from "#web/components/PagedList";
import { PanelHeading } from "#web/components/PanelHeading";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { pageHref, parseListPosition } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { companiesPageSize, useCompanies } from "../api/companies";
import { CompanyCard } from "../components/CompanyCard";

const path = "/dashboard/companies";
const filters: { status: CompanyStatus | undefined; label: string }[] = [
  { status: undefined, label: "All" },
  ...companyStatuses.map((status) => ({ status, label: status[0]?.toUpperCase() + status.slice(1) })),
];

const statusOf = (value: string | null): CompanyStatus | undefined =>
  companyStatuses.find((s) => s === value);

/** /dashboard/companies (shop admins): company accounts, newest first; approve, reject, set terms. */
export function CompaniesPage() {
  const [searchParams] = useSearchParams();
  const status = statusOf(searchParams.get("status"));
  const position = parseListPosition(searchParams);
  const { page } = position;
  const companies = useCompanies(status, position);
  const filterParams = status ? new URLSearchParams({ status }) : undefined;
  const hrefFor = (p: number, cursor?: string) => pageHref(path, filterParams, p, cursor);

  return (
    <section aria-labelledby="companies-heading" className="max-w-5xl">
      <title>Companies · Car Mechanic</title>
      <PanelHeading
        id="companies-heading"
        title="Companies"
        aside={<ListCount total={companies.data?.total} noun="company account" />}
      >
        Company accounts, newest first: approve or reject applications and set each company's terms.
      </PanelHeading>
      <nav aria-label="Filter by status" className="mb-5 flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.label}
            to={f.status ? `${path}?status=${f.status}` : path}
            aria-current={f.status === status ? "page" : undefined}
            className={`rounded-full px-3.5 py-1.5 font-medium text-sm ${
              f.status === status
                ? "bg-navy text-white"
                : "bg-white text-steel ring-1 ring-slate-300 hover:bg-slate-100"
            }`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <QueryState
        query={companies}
        pending={<Spinner label="Loading companies…" />}
        errorTitle="We could not load the companies"
        empty={(data) =>
          data.items.length === 0 && (
            <PastLastPage page={page} items="companies" firstPageHref={hrefFor(1)} icon={InboxIcon}>
              <EmptyState icon={<InboxIcon className="size-7" />} title="No companies here">
                Applications for company accounts arrive here.
              </EmptyState>
            </PastLastPage>
          )
        }
      >
        {(data) => (
          <PagedList
            busy={companies.isPlaceholderData}
            page={page}
            total={data.total}
            pageSize={companiesPageSize}
            hrefFor={hrefFor}
            next={data.next}
            prev={data.prev}
          >
            <ul aria-label="Companies" className="space-y-4">
              {data.items.map((company) => (
                <li key={`${company._id}-${company.status}`}>
                  <CompanyCard company={company} />
                </li>
              ))}
            </ul>
          </PagedList>
        )}
      </QueryState>
    </section>
  );
}
