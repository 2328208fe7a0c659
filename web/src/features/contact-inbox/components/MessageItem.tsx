import type { ContactMessage } from "#contract/contact";
import { ReplyIcon } from "#web/components/dashboard-icons";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useMarkMessageRead } from "../api/mark-message-read";

const receivedFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function Received({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={at}>{receivedFormat.format(date)}</time>;
}

/** One message of the inbox: unread ones stand out; Mark as read / unread and Reply by email. */
export function MessageItem({ message }: { message: ContactMessage }) {
  const mark = useMarkMessageRead();
  const unread = !message.read;
  const subjectId = `message-${message._id}-subject`;
  const reply = `mailto:${message.email}?${new URLSearchParams({ subject: `Re: ${message.subject}` })
    .toString()
    .replace(/\+/g, "%20")}`;

  function toggle() {
    mark.mutate(
      { id: message._id, read: unread },
      { onError: (error) => toast.error("Failed", { description: errorMessage(error) }) },
    );
  }

  return (
    <article
      aria-labelledby={subjectId}
      data-testid="contact-message"
      data-unread={unread || undefined}
      className={`relative overflow-hidden rounded-2xl border p-5 shadow-sm sm:p-6 ${
        unread ? "border-orange-200 bg-orange-50/60" : "border-slate-200 bg-white"
      }`}
    >
      {unread && <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-accent-dark" />}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2
            id={subjectId}
            className={`text-navy [overflow-wrap:anywhere] ${unread ? "font-bold" : "font-semibold"} text-lg`}
          >
            {unread && (
              <span className="mr-2 inline-flex translate-y-[-2px] items-center rounded-full bg-accent-dark px-2 py-0.5 align-middle font-semibold text-white text-xs">
                New
              </span>
            )}
            {message.subject}
          </h2>
          <p className="text-slate-600 text-sm [overflow-wrap:anywhere]">
            From{" "}
            <a
              href={`mailto:${message.email}`}
              className="font-medium text-steel underline-offset-4 hover:underline"
            >
              {message.email}
            </a>
          </p>
        </div>
        <p className="text-slate-600 text-sm">
          <Received at={message.createdAt} />
        </p>
      </div>
      <p className="mt-4 text-slate-800 leading-7 [overflow-wrap:anywhere] whitespace-pre-line">
        {message.message}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={toggle}
          disabled={mark.isPending}
          className="btn btn-secondary min-h-10 px-3.5 py-2 text-sm"
        >
          {mark.isPending ? "Saving…" : unread ? "Mark as read" : "Mark as unread"}
          <span className="sr-only">: {message.subject}</span>
        </button>
        <a href={reply} className="btn btn-secondary min-h-10 px-3.5 py-2 text-sm">
          <ReplyIcon className="size-4" />
          Reply<span className="sr-only"> to {message.email}</span>
        </a>
      </div>
    </article>
  );
}
