import { webhookMessages } from "#contract/webhooks";
import { InboxIcon } from "#web/components/dashboard-icons";
import { EmptyState } from "#web/components/EmptyState";
import { ListCount } from "#web/components/ListCount";
import { PagedList } from "#web/components/PagedList";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { errorMessage } from "#web/lib/api";
import type { ListPosition } from "#web/lib/paging/page-param";
import { toast } from "#web/lib/toast";
import { deliveriesPageSize, useDeliveries, useSendAgain } from "../api/webhooks";
import { DeliveryList } from "./DeliveryList";

type DeliveriesProps = {
  endpointId: string;
  url: string;
  position: ListPosition;
  /** The address of a page of this endpoint's deliveries. */
  hrefFor: (page: number, cursor?: string) => string;
};

/** The section's id: its links end in #deliveries, so a page of them opens scrolled to the list. */
export const deliveriesId = "deliveries";

/** One endpoint's deliveries, newest first, paged by the Link header's cursors, each with Send again. */
export function Deliveries({ endpointId, url, position, hrefFor }: DeliveriesProps) {
  const deliveries = useDeliveries(endpointId, position);
  const sendAgain = useSendAgain(endpointId);
  const { page } = position;
  return (
    <section id={deliveriesId} aria-labelledby="deliveries-heading" className="mt-10 scroll-mt-24">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="deliveries-heading" className="font-bold text-navy text-xl">
          Deliveries <span className="sr-only">to</span>
          <span className="block font-mono font-normal text-slate-600 text-sm [overflow-wrap:anywhere]">
            {url}
          </span>
        </h2>
        <ListCount total={deliveries.data?.total} noun="delivery" plural="deliveries" />
      </div>
      <QueryState
        query={deliveries}
        pending={<Spinner label="Loading the deliveries…" />}
        errorTitle="We could not load the deliveries"
        empty={(data) =>
          data.deliveries.length === 0 && (
            <PastLastPage page={page} items="deliveries" firstPageHref={hrefFor(1)} icon={InboxIcon}>
              <EmptyState icon={<InboxIcon className="size-7" />} title="No deliveries yet">
                Each event this endpoint listens to is sent here and listed, with the receiver's answer.
              </EmptyState>
            </PastLastPage>
          )
        }
      >
        {(data) => (
          <PagedList
            busy={deliveries.isPlaceholderData}
            page={page}
            total={data.total}
            pageSize={deliveriesPageSize}
            hrefFor={hrefFor}
            next={data.next}
            prev={data.prev}
            spacing="mt-6"
          >
            <DeliveryList
              deliveries={data.deliveries}
              sending={sendAgain.isPending ? sendAgain.variables : undefined}
              onSendAgain={(delivery) =>
                sendAgain.mutate(delivery.id, {
                  onSuccess: () => toast.success(webhookMessages.sentAgain),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            />
          </PagedList>
        )}
      </QueryState>
    </section>
  );
}
