import { InboxIcon } from "#web/components/dashboard-icons";
import { EmptyState } from "#web/components/EmptyState";
import { ListCount } from "#web/components/ListCount";
import { PagedList } from "#web/components/PagedList";
import { PanelHeading } from "#web/components/PanelHeading";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { pageHref, parseListPosition } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { messagesPageSize, useContactMessages } from "../api/get-contact-messages";
import { MessageItem } from "../components/MessageItem";

const hrefFor = (page: number, cursor?: string) =>
  pageHref("/dashboard/contactMessages", undefined, page, cursor);

/** /dashboard/contactMessages (admins): the "For Any Query" messages, newest first. */
export function ContactMessagesPage() {
  const [searchParams] = useSearchParams();
  const position = parseListPosition(searchParams);
  const { page } = position;
  const messages = useContactMessages(position);

  const body = (
    <QueryState
      query={messages}
      pending={<Spinner label="Loading messages…" />}
      errorTitle="We could not load the messages"
      empty={(data) =>
        data.messages.length === 0 && (
          <PastLastPage page={page} items="messages" firstPageHref={hrefFor(1)} icon={InboxIcon}>
            <EmptyState icon={<InboxIcon className="size-7" />} title="No messages yet">
              Messages sent with the contact form on the home and contact pages arrive here.
            </EmptyState>
          </PastLastPage>
        )
      }
    >
      {(data) => (
        <PagedList
          busy={messages.isPlaceholderData}
          page={page}
          total={data.total}
          pageSize={messagesPageSize}
          hrefFor={hrefFor}
          next={data.next}
          prev={data.prev}
        >
          <ul aria-label="Messages" className="space-y-4">
            {data.messages.map((message) => (
              <li key={message._id}>
                <MessageItem message={message} />
              </li>
            ))}
          </ul>
        </PagedList>
      )}
    </QueryState>
  );

  const unread = messages.data?.messages.filter((m) => !m.read).length;
  return (
    <section aria-labelledby="contact-messages-heading" className="max-w-4xl">
      <title>Contact Messages · Car Mechanic</title>
      <PanelHeading
        id="contact-messages-heading"
        title="Contact Messages"
        aside={
          <ListCount total={messages.data?.total} noun="message">
            {unread ? `, ${unread} unread on this page` : ""}
          </ListCount>
        }
      >
        What visitors wrote with the contact form, newest first. Unread messages are highlighted.
      </PanelHeading>
      {body}
    </section>
  );
}
