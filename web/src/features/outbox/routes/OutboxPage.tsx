import { InboxIcon } from "#web/components/dashboard-icons";
import { EmptyState } from "#web/components/EmptyState";
import { ListCount } from "#web/components/ListCount";
import { PagedList } from "#web/components/PagedList";
import { PanelHeading } from "#web/components/PanelHeading";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { pageHref, parsePage } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { outboxPageSize, useOutbox } from "../api/get-outbox";
import { OutboxItem } from "../components/OutboxItem";

const hrefFor = (page: number) => pageHref("/dashboard/outbox", undefined, page);

/** /dashboard/outbox (admins): every email the shop sent, is sending, gave up on or keeps, newest first. */
export function OutboxPage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const outbox = useOutbox(page);

  return (
    <section aria-labelledby="outbox-heading" className="max-w-4xl">
      <title>Outbox · Car Mechanic</title>
      <PanelHeading
        id="outbox-heading"
        title="Outbox"
        aside={<ListCount total={outbox.data?.total} noun="message" />}
      >
        Every email the shop sends, newest first: waiting ones are retried, failed ones show the last error.
        Without an SMTP server (SMTP_URL) messages are kept here; open one to read its link.
      </PanelHeading>
      <QueryState
        query={outbox}
        pending={<Spinner label="Loading the outbox…" />}
        errorTitle="We could not load the outbox"
        empty={(data) =>
          data.messages.length === 0 && (
            <PastLastPage page={page} items="messages" firstPageHref={hrefFor(1)} icon={InboxIcon}>
              <EmptyState icon={<InboxIcon className="size-7" />} title="No email yet">
                Messages appear here as the shop sends them.
              </EmptyState>
            </PastLastPage>
          )
        }
      >
        {(data) => (
          <PagedList
            busy={outbox.isPlaceholderData}
            page={page}
            total={data.total}
            pageSize={outboxPageSize}
            hrefFor={hrefFor}
          >
            <ul aria-label="Messages" className="space-y-4">
              {data.messages.map((message) => (
                <li key={message._id}>
                  <OutboxItem message={message} />
                </li>
              ))}
            </ul>
          </PagedList>
        )}
      </QueryState>
    </section>
  );
}
