import { useEffect, useRef } from "react";
import { BoxIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";
import { ListCount } from "#web/components/ListCount";
import { PagedList } from "#web/components/PagedList";
import { PanelHeading } from "#web/components/PanelHeading";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { StatusPanel } from "#web/components/StatusPanel";
import { ApiError } from "#web/lib/api";
import { pageHref, parseListPosition } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { useSession } from "#web/lib/session/get-session";
import { useSignOut } from "#web/lib/session/sign-out";
import { useMyOrders } from "../api/get-my-orders";
import { ordersPageSize } from "../api/read-order-page";
import { MyOrderList } from "../components/MyOrderList";

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
  const position = parseListPosition(searchParams);
  const { page } = position;
  const session = useSession();
  const orders = useMyOrders(session.data?.email, position);
  const signingOut = useSignOutOnForbidden(orders.error);

  const body = signingOut ? (
    <Spinner label="Signing you out…" />
  ) : (
    <QueryState
      query={orders}
      pending={<Spinner label="Loading your orders…" />}
      errorTitle="We could not load your orders"
      empty={(data) =>
        data.orders.length === 0 && (
          <PastLastPage
            page={page}
            items="orders"
            firstPageHref={pageHref("/dashboard", searchParams, 1)}
            icon={BoxIcon}
          >
            <StatusPanel
              icon={BoxIcon}
              title="You have not ordered anything yet"
              action={
                <Link to="/tools" className="btn btn-primary mt-6">
                  Browse tools
                </Link>
              }
            >
              Pick a tool, order a lot, and it shows up here for you to pay and follow.
            </StatusPanel>
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
          hrefFor={(target, cursor) => pageHref("/dashboard", searchParams, target, cursor)}
          next={data.next}
          prev={data.prev}
          spacing="mt-6"
          hideInert
        >
          <MyOrderList orders={data.orders} />
        </PagedList>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="my-orders-heading">
      <title>My Orders · Car Mechanic</title>
      <PanelHeading
        id="my-orders-heading"
        title="My Orders"
        aside={<ListCount total={orders.data?.total} noun="order" />}
      >
        Your orders, newest first. Pay for a lot by card and we ship it by the date you need it.
      </PanelHeading>
      {body}
    </section>
  );
}
