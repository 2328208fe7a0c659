import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { formatDollars } from "#contract/money";
import type { Order } from "#contract/orders";
import { pieces } from "#contract/tool-display";
import { ConfirmDialog } from "#web/components/ConfirmDialog";
import { BoxIcon } from "#web/components/icons";
import { ListCount } from "#web/components/ListCount";
import { PagedList } from "#web/components/PagedList";
import { PanelHeading } from "#web/components/PanelHeading";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { StatusPanel } from "#web/components/StatusPanel";
import { pageHref, parseListPosition } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { useCancelOrder } from "../api/cancel-order";
import { useAllOrders } from "../api/get-all-orders";
import { ordersPageSize } from "../api/read-order-page";
import { AllOrderList } from "../components/AllOrderList";
import { RefundDialog } from "../components/RefundDialog";
import { adminStatusLabels } from "../order-display";
import { type OrderView, orderViewHref, orderViews, parseOrderView, statusesOf } from "../order-view-param";

const path = "/dashboard/manageAllOrder";

const viewLabels: Record<OrderView, string> = {
  toActOn: "To act on",
  all: "All orders",
  ...adminStatusLabels,
};

/** The heading of an empty first page. */
function emptyTitle(view: OrderView): string {
  if (view === "toActOn") return "No orders to act on";
  if (view === "all") return "No orders yet";
  return `No orders are ${adminStatusLabels[view].toLowerCase()}`;
}

/** The list's name for screen readers. */
function listLabel(view: OrderView): string {
  if (view === "toActOn") return "Orders to act on";
  if (view === "all") return "All orders";
  return `Orders: ${adminStatusLabels[view]}`;
}

/** An option's value: the statuses it lists, comma-separated ("" for every order). */
const optionValue = (view: OrderView) => statusesOf(view)?.join(",") ?? "";

/** The orders export (CSV) of the orders a view lists. */
const ordersCsvHref = (view: OrderView) =>
  `/api/export/orders.csv${statusesOf(view) ? `?status=${optionValue(view)}` : ""}`;

/**
 * Which orders the list shows (`?status=`): those to act on (unpaid and paid, the default), all of
 * them, or those of one status.
 */
function StatusFilter({ view }: { view: OrderView }) {
  const id = useId();
  const navigate = useNavigate();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-semibold text-sm text-steel">
        Show
      </label>
      <select
        id={id}
        value={optionValue(view)}
        onChange={(event) => {
          const next = orderViews.find((option) => optionValue(option) === event.target.value);
          if (next) void navigate(orderViewHref(path, next));
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 font-medium text-navy text-sm shadow-sm focus:border-accent-dark focus:outline-none focus:ring-3 focus:ring-orange-200"
      >
        {orderViews.map((option) => (
          <option key={option} value={optionValue(option)}>
            {viewLabels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Finds orders by number, id, PO number, buyer email or the start of the product's name (`?q=`, from the first page). */
function OrderSearch({ search }: { search: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <search aria-label="Orders">
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const term = String(new FormData(event.currentTarget).get("q") ?? "").trim();
          const next = new URLSearchParams(searchParams);
          for (const key of ["page", "cursor", "q"]) next.delete(key);
          if (term !== "") next.set("q", term);
          void navigate(next.size > 0 ? `${path}?${next}` : path);
        }}
      >
        <label htmlFor={id} className="sr-only">
          Find an order by number, id, PO number, email or product
        </label>
        <input
          id={id}
          name="q"
          type="search"
          key={search}
          defaultValue={search}
          placeholder="Order number, PO, email or product"
          maxLength={254}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-navy text-sm shadow-sm focus:border-accent-dark focus:outline-none focus:ring-3 focus:ring-orange-200 sm:w-80"
        />
        <button type="submit" className="btn btn-secondary min-h-11 shrink-0">
          Find
        </button>
      </form>
    </search>
  );
}

/**
 * /dashboard/manageAllOrder (admins): the orders to act on by default, or all, or one status
 * (`?status=`, kept with `?page=` in the address); ship the paid ones, remove the unpaid ones.
 */
export function ManageAllOrdersPage() {
  const [searchParams] = useSearchParams();
  const position = parseListPosition(searchParams);
  const { page } = position;
  const view = parseOrderView(searchParams.get("status"));
  const search = searchParams.get("q")?.trim() ?? "";
  const orders = useAllOrders(position, view, search);
  const cancel = useCancelOrder();
  const [removing, setRemoving] = useState<Order | null>(null);
  // The dialog keeps showing the order while it closes.
  const [shown, setShown] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);

  function askToRemove(order: Order) {
    setShown(order);
    setRemoving(order);
  }

  const body = (
    <QueryState
      query={orders}
      pending={<Spinner label="Loading the orders…" />}
      errorTitle="We could not load the orders"
      empty={(data) =>
        data.orders.length === 0 && (
          <PastLastPage
            page={page}
            items="orders"
            firstPageHref={pageHref(path, searchParams, 1)}
            icon={BoxIcon}
          >
            <StatusPanel
              icon={BoxIcon}
              title={search !== "" ? `No orders match “${search}”` : emptyTitle(view)}
            />
          </PastLastPage>
        )
      }
    >
      {(data) => (
        <PagedList
          busy={orders.isPlaceholderData}
          page={page}
          total={data.total}
          pageSize={ordersPageSize}
          hrefFor={(target, cursor) => pageHref(path, searchParams, target, cursor)}
          next={data.next}
          prev={data.prev}
          spacing="mt-6"
          hideInert
        >
          <AllOrderList
            orders={data.orders}
            label={listLabel(view)}
            onRemove={askToRemove}
            onRefund={setRefunding}
          />
        </PagedList>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="all-orders-heading">
      <title>Manage All Order · Car Mechanic</title>
      <PanelHeading
        id="all-orders-heading"
        title="Manage All Order"
        aside={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <ListCount total={orders.data?.total} noun="order" />
            <StatusFilter view={view} />
            <a href={ordersCsvHref(view)} download className="btn btn-secondary min-h-10 px-3.5 py-2 text-sm">
              Download CSV
            </a>
            <OrderSearch search={search} />
          </div>
        }
      >
        Every buyer's orders, newest first. Ship the paid ones with ADD; remove unpaid ones to put their stock
        back on sale; refund a paid or invoiced one (its invoice gets a credit note).
      </PanelHeading>
      {body}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Are you sure?"
        text={
          shown && (
            <p>
              The order of {pieces(shown.orderMinimum)} of {shown.orderProduct} ({formatDollars(shown.total)})
              for {shown.orderName} will be cancelled, and its stock goes back on sale. You won't be able to
              revert this!
            </p>
          )
        }
        confirmLabel="Yes, remove it"
        busyLabel="Removing…"
        onConfirm={() => (removing ? cancel.mutateAsync(removing._id) : undefined)}
      />
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}
