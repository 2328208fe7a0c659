import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { InboxIcon } from "../../../components/dashboard-icons";
import { EmptyState } from "../../../components/EmptyState";
import { LoadError } from "../../../components/LoadError";
import { Pagination } from "../../../components/Pagination";
import { PanelHeading } from "../../../components/PanelHeading";
import { Spinner } from "../../../components/Spinner";
import { messagesPageSize, useContactMessages } from "../api/get-contact-messages";
import { MessageItem } from "../components/MessageItem";

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

const hrefFor = (page: number) =>
  page === 1 ? "/dashboard/contactMessages" : `/dashboard/contactMessages?page=${page}`;

/** /dashboard/contactMessages (admins): the "For Any Query" messages, newest first. */
export function ContactMessagesPage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const messages = useContactMessages(page);

  let body: ReactNode;
  if (messages.isPending) {
    body = <Spinner label="Loading messages…" />;
  } else if (messages.isError) {
    body = (
      <LoadError
        title="We could not load the messages"
        error={messages.error}
        onRetry={() => messages.refetch()}
        retrying={messages.isFetching}
      />
    );
  } else if (messages.data.messages.length === 0) {
    body = (
      <EmptyState
        icon={<InboxIcon className="size-7" />}
        title={page > 1 ? `There are no messages on page ${page}` : "No messages yet"}
        action={
          page > 1 && (
            <Link to={hrefFor(1)} className="btn btn-primary">
              Go to the first page
            </Link>
          )
        }
      >
        {page > 1
          ? "The inbox has fewer pages than that."
          : "Messages sent with the contact form on the home and contact pages arrive here."}
      </EmptyState>
    );
  } else {
    const { messages: list, total } = messages.data;
    const pageCount = Math.max(1, Math.ceil(total / messagesPageSize));
    body = (
      <div aria-busy={messages.isPlaceholderData} className={messages.isPlaceholderData ? "opacity-60" : ""}>
        <ul aria-label="Messages" className="space-y-4">
          {list.map((message) => (
            <li key={message._id}>
              <MessageItem message={message} />
            </li>
          ))}
        </ul>
        {total > messagesPageSize && <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />}
      </div>
    );
  }

  const total = messages.data?.total;
  const unread = messages.data?.messages.filter((m) => !m.read).length;
  return (
    <section aria-labelledby="contact-messages-heading" className="mx-auto max-w-4xl">
      <title>Contact Messages · Car Mechanic</title>
      <PanelHeading
        id="contact-messages-heading"
        title="Contact Messages"
        aside={
          total !== undefined && (
            <p className="text-slate-600 text-sm">
              {total} {total === 1 ? "message" : "messages"}
              {unread ? `, ${unread} unread on this page` : ""}
            </p>
          )
        }
      >
        What visitors wrote with the contact form, newest first. Unread messages are highlighted.
      </PanelHeading>
      {body}
    </section>
  );
}
