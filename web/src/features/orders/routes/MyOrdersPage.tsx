import { type ReactNode, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { BoxIcon } from "../../../components/icons";
import { LoadError } from "../../../components/LoadError";
import { Pagination } from "../../../components/Pagination";
import { PanelHeading } from "../../../components/PanelHeading";
import { Spinner } from "../../../components/Spinner";
import { ApiError } from "../../../lib/api";
import { useSession } from "../../auth/api/get-session";
import { useSignOut } from "../../auth/api/sign-out";
import { useMyOrders } from "../api/get-my-orders";
import { ordersPageSize } from "../api/read-order-page";
import { MyOrderList } from "../components/MyOrderList";
import { pageHref, parsePage } from "../page-param";

/**
 * Spec §4: a 401 or 403 on the own-orders call signs the user out and goes to /. A 401 does that
 * for every call (lib/api.ts); a 403 here does it for this call only.
 */
function useSignOutOnForbidden(error: unknown) {
  const signOut = useSignOut();
  const started = useRef(false);
  const forbidden = error instanceof ApiError && error.status === 403;
  useEffect(() => {
    if (!forbidden || started.current) return;
    started.current = true;
    signOut.mutate();
  }, [forbidden, signOut]);
  return forbidden;
}

/** /dashboard (index): the signed-in user's orders, with Pay for those not paid yet. */
export function MyOrdersPage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const session = useSession();
  const orders = useMyOrders(session.data?.email, page);
  const signingOut = useSignOutOnForbidden(orders.error);

  let body: ReactNode;
  if (orders.isPending || signingOut) {
    body = <Spinner label={signingOut ? "Signing you out…" : "Loading your orders…"} />;
  } else if (orders.isError) {
    body = (
      <LoadError
        title="We could not load your orders"
        error={orders.error}
        onRetry={() => orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  } else if (orders.data.orders.length === 0) {
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
        <BoxIcon className="mx-auto size-10 text-slate-500" />
        {page > 1 ? (
          <>
            <h2 className="mt-4 font-semibold text-lg text-navy">There are no orders on page {page}</h2>
            <Link to="/dashboard" className="btn btn-primary mt-6">
              Go to the first page
            </Link>
          </>
        ) : (
          <>
            <h2 className="mt-4 font-semibold text-lg text-navy">You have not ordered anything yet</h2>
            <p className="mt-2 text-slate-600">
              Pick a tool, order a lot, and it shows up here for you to pay and follow.
            </p>
            <Link to="/tools" className="btn btn-primary mt-6">
              Browse tools
            </Link>
          </>
        )}
      </div>
    );
  } else {
    const { total } = orders.data;
    const pageCount = Math.max(1, Math.ceil(total / ordersPageSize));
    body = (
      <div aria-busy={orders.isPlaceholderData} className={orders.isPlaceholderData ? "opacity-60" : ""}>
        <MyOrderList orders={orders.data.orders} />
        {total > ordersPageSize && (
          <Pagination
            spacing="mt-6"
            hideInert
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => pageHref("/dashboard", searchParams, target)}
          />
        )}
      </div>
    );
  }

  const total = orders.data?.total;
  return (
    <section aria-labelledby="my-orders-heading">
      <title>My Orders · Car Mechanic</title>
      <PanelHeading
        id="my-orders-heading"
        title="My Orders"
        aside={
          total !== undefined && (
            <p className="text-slate-600 text-sm">
              {total} {total === 1 ? "order" : "orders"}
            </p>
          )
        }
      >
        Your orders, newest first. Pay for a lot by card and we ship it by the date you need it.
      </PanelHeading>
      {body}
    </section>
  );
}
