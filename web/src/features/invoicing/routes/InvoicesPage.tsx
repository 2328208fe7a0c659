import { useId } from "react";
import { useNavigate } from "react-router";
import { invoiceKinds } from "#contract/invoices";
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
import { invoicesPageSize, useInvoices } from "../api/invoices";
import { InvoiceList } from "../components/InvoiceList";
import {
  filterParams,
  type InvoiceFilters,
  invoiceKindLabels,
  invoicesCsvHref,
  parseInvoiceFilters,
} from "../invoice-filters";

const path = "/dashboard/invoices";

const filterControl =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-navy text-sm shadow-sm focus:border-accent-dark focus:outline-none focus:ring-3 focus:ring-orange-200";

/** The list's days and kind (`?from=&to=&kind=`), from the first page; the company filter stays. */
function Filters({ filters }: { filters: InvoiceFilters }) {
  const id = useId();
  const navigate = useNavigate();
  return (
    <search aria-label="Invoices">
      <form
        key={filterParams(filters).toString()}
        className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const next = parseInvoiceFilters(
            new URLSearchParams({
              from: String(data.get("from") ?? ""),
              to: String(data.get("to") ?? ""),
              kind: String(data.get("kind") ?? ""),
              companyId: filters.companyId ?? "",
            }),
          );
          void navigate(pageHref(path, filterParams(next), 1));
        }}
      >
        <label htmlFor={`${id}-from`} className="font-semibold text-sm text-steel">
          From
          <input
            id={`${id}-from`}
            name="from"
            type="date"
            defaultValue={filters.from}
            className={filterControl}
          />
        </label>
        <label htmlFor={`${id}-to`} className="font-semibold text-sm text-steel">
          To
          <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} className={filterControl} />
        </label>
        <label htmlFor={`${id}-kind`} className="col-span-2 font-semibold text-sm text-steel sm:col-span-1">
          Kind
          <select id={`${id}-kind`} name="kind" defaultValue={filters.kind ?? ""} className={filterControl}>
            <option value="">Invoices and credit notes</option>
            {invoiceKinds.map((kind) => (
              <option key={kind} value={kind}>
                {invoiceKindLabels[kind]}s only
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-secondary col-span-2 min-h-11 self-end sm:col-span-1">
          Show
        </button>
      </form>
    </search>
  );
}

/**
 * /dashboard/invoices (shop admins): the invoices and credit notes issued, newest first, by the days
 * issued and kind (kept in the address with `?page=`), each with its PDF; the CSV of the same days.
 */
export function InvoicesPage() {
  const [searchParams] = useSearchParams();
  const filters = parseInvoiceFilters(searchParams);
  const position = parseListPosition(searchParams);
  const { page } = position;
  const invoices = useInvoices(filters, position);
  const listParams = filterParams(filters);
  const hrefFor = (p: number, cursor?: string) => pageHref(path, listParams, p, cursor);
  const companyHref = (companyId: string) => pageHref(path, filterParams({ ...filters, companyId }), 1);
  const filtered = listParams.size > 0;

  return (
    <section aria-labelledby="invoices-heading">
      <title>Invoices · Car Mechanic</title>
      <PanelHeading
        id="invoices-heading"
        title="Invoices"
        aside={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <ListCount total={invoices.data?.total} noun="document" />
            <a
              href={invoicesCsvHref(filters)}
              download
              className="btn btn-secondary min-h-10 px-3.5 py-2 text-sm"
            >
              Download invoices (CSV)
            </a>
          </div>
        }
      >
        Every invoice and credit note issued, newest first: an invoice when an order is paid by card or
        shipped on account, a credit note when an invoiced order is refunded.
      </PanelHeading>
      <div className="mb-5 space-y-3">
        <Filters filters={filters} />
        {filters.companyId && (
          <p className="text-slate-700 text-sm">
            One company's documents.{" "}
            <Link
              to={pageHref(path, filterParams({ ...filters, companyId: undefined }), 1)}
              className="rounded font-semibold text-accent-dark underline-offset-4 hover:underline"
            >
              Show every company's
            </Link>
          </p>
        )}
      </div>
      <QueryState
        query={invoices}
        pending={<Spinner label="Loading the invoices…" />}
        errorTitle="We could not load the invoices"
        empty={(data) =>
          data.items.length === 0 && (
            <PastLastPage page={page} items="invoices" firstPageHref={hrefFor(1)} icon={InboxIcon}>
              <EmptyState
                icon={<InboxIcon className="size-7" />}
                title={filtered ? "No documents match these filters" : "No invoices yet"}
              >
                {filtered
                  ? "Choose other days or another kind."
                  : "An invoice is issued when an order is paid by card, or shipped on account."}
              </EmptyState>
            </PastLastPage>
          )
        }
      >
        {(data) => (
          <PagedList
            busy={invoices.isPlaceholderData}
            page={page}
            total={data.total}
            pageSize={invoicesPageSize}
            hrefFor={hrefFor}
            next={data.next}
            prev={data.prev}
            spacing="mt-6"
            hideInert
          >
            <InvoiceList invoices={data.items} companyHref={companyHref} />
          </PagedList>
        )}
      </QueryState>
    </section>
  );
}
