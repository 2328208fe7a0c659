import { formatDollars } from "#contract/money";
import type { Order } from "#contract/orders";
import { pieces } from "#contract/tool-display";
import { InboxIcon } from "#web/components/dashboard-icons";
import { OrderDocuments, OrderTaxNote } from "#web/components/OrderDocuments";
import { OrderLines } from "#web/components/OrderLines";
import { PagedList } from "#web/components/PagedList";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { companyOrderStatusLabel, formatAccountDay } from "#web/lib/companies/account-display";
import { orderLinesOf, orderTitle } from "#web/lib/orders/order-lines";
import { pageHref, parseListPosition } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { companyOrdersPageSize, useCompanyOrders } from "../api/company-orders";

const path = "/dashboard/company";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-navy [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** One of the company's orders: number, PO, what, total, how it is paid and where it stands. */
function CompanyOrderCard({ order }: { order: Order }) {
  const lines = orderLinesOf(order);
  return (
    <article
      data-testid="company-order"
      data-order-id={order._id}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-slate-600 text-xs">
            Order{" "}
            <span className="whitespace-nowrap font-mono font-semibold text-navy">{order.orderNumber}</span>
            {order.poNumber && <span className="[overflow-wrap:anywhere]"> · PO {order.poNumber}</span>}
          </p>
          <h3 className="font-semibold text-navy">
            {lines.length > 1 ? orderTitle(lines) : order.orderProduct}
          </h3>
          {lines.length === 1 && (
            <p className="text-slate-600 text-sm">
              {pieces(order.orderMinimum)} × {formatDollars(order.orderPrice)}
            </p>
          )}
        </div>
        <span
          data-status={order.status}
          className="inline-flex items-center whitespace-nowrap rounded-full bg-slate-100 px-2.5 py-1 font-semibold text-slate-800 text-xs ring-1 ring-slate-300"
        >
          {companyOrderStatusLabel(order.status, order.paymentMethod)}
        </span>
      </div>
      {lines.length > 1 && (
        <div className="mt-2">
          <OrderLines lines={lines} orderNumber={order.orderNumber} />
        </div>
      )}
      <dl className="mt-auto grid grid-cols-2 gap-3 border-slate-100 border-t pt-3 text-sm">
        <Fact label="Total">
          <span className="font-bold text-base tabular-nums">{formatDollars(order.total)}</span>
          <OrderTaxNote order={order} />
        </Fact>
        <Fact label="Paid by">{order.paymentMethod === "account" ? "On account" : "Card"}</Fact>
        <Fact label="Ordered by">{order.orderName}</Fact>
        {order.dueOn ? (
          <Fact label="Due">
            <time dateTime={order.dueOn}>{formatAccountDay(order.dueOn)}</time>
          </Fact>
        ) : (
          <Fact label="Needed by">
            <time dateTime={order.orderDate}>{formatAccountDay(order.orderDate)}</time>
          </Fact>
        )}
      </dl>
      <OrderDocuments order={order} className="mt-3" />
    </article>
  );
}

/** The company's orders, newest first, a page at a time (`?page=` of the company page). */
export function CompanyOrders({ companyId }: { companyId: string }) {
  const [searchParams] = useSearchParams();
  const position = parseListPosition(searchParams);
  const orders = useCompanyOrders(companyId, position);
  const hrefFor = (p: number, cursor?: string) => pageHref(path, undefined, p, cursor);
  return (
    <section aria-labelledby="company-orders-heading" className="space-y-3">
      <h2 id="company-orders-heading" className="font-semibold text-lg text-navy">
        Company orders
      </h2>
      <QueryState
        query={orders}
        pending={<Spinner label="Loading the company's orders…" />}
        errorTitle="We could not load the company's orders"
        errorPanel={{ headingLevel: 3, size: "compact" }}
        empty={(data) =>
          data.items.length === 0 && (
            <PastLastPage page={position.page} items="orders" firstPageHref={hrefFor(1)} icon={InboxIcon}>
              <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-600">
                No company orders yet: the orders your company's members place appear here.
              </p>
            </PastLastPage>
          )
        }
      >
        {(data) => (
          <PagedList
            busy={orders.isPlaceholderData}
            page={position.page}
            total={data.total}
            pageSize={companyOrdersPageSize}
            hrefFor={hrefFor}
            next={data.next}
            prev={data.prev}
            spacing="mt-6"
          >
            <ul aria-label="Company orders" className="grid gap-3 sm:grid-cols-2">
              {data.items.map((order) => (
                <li key={order._id}>
                  <CompanyOrderCard order={order} />
                </li>
              ))}
            </ul>
          </PagedList>
        )}
      </QueryState>
    </section>
  );
}
