import type { OutboxMessage } from "#contract/outbox";

const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function When({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={at}>{moment.format(date)}</time>;
}

const statusLook: Record<OutboxMessage["status"], { label: string; className: string }> = {
  sent: { label: "Sent", className: "bg-green-100 text-green-800" },
  waiting: { label: "Waiting", className: "bg-amber-100 text-amber-900" },
  failed: { label: "Failed", className: "bg-red-100 text-red-800" },
  kept: { label: "Kept (no SMTP)", className: "bg-slate-200 text-slate-800" },
};

/** One message: when, to, subject, kind, status, attempts and the last error; opens to its text. */
export function OutboxItem({ message }: { message: OutboxMessage }) {
  const status = statusLook[message.status];
  const subjectId = `outbox-${message._id}-subject`;
  return (
    <article
      aria-labelledby={subjectId}
      data-testid="outbox-message"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={subjectId} className="font-semibold text-lg text-navy [overflow-wrap:anywhere]">
            {message.subject}
          </h2>
          <p className="text-slate-600 text-sm [overflow-wrap:anywhere]">
            To <span className="font-medium text-steel">{message.to}</span> ·{" "}
            <span className="font-mono text-xs">{message.kind}</span>
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-1 font-semibold text-xs ${status.className}`}>
          {status.label}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700 text-sm">
        <dt className="text-slate-500">Created</dt>
        <dd>
          <When at={message.createdAt} />
        </dd>
        {message.sentAt && (
          <>
            <dt className="text-slate-500">Sent</dt>
            <dd>
              <When at={message.sentAt} />
            </dd>
          </>
        )}
        {message.status === "waiting" && message.attempts > 0 && (
          <>
            <dt className="text-slate-500">Next try</dt>
            <dd>
              <When at={message.nextAttemptAt} />
            </dd>
          </>
        )}
        {message.attachments.length > 0 && (
          <>
            <dt className="text-slate-500">Attached</dt>
            <dd className="[overflow-wrap:anywhere]">{message.attachments.join(", ")}</dd>
          </>
        )}
        <dt className="text-slate-500">Attempts</dt>
        <dd>{message.attempts}</dd>
        {message.lastError && (
          <>
            <dt className="text-slate-500">Last error</dt>
            <dd className="text-red-700 [overflow-wrap:anywhere]">{message.lastError}</dd>
          </>
        )}
      </dl>
      <details className="group mt-4">
        <summary className="cursor-pointer font-semibold text-accent-dark text-sm underline-offset-4 hover:underline">
          Read the message<span className="sr-only">: {message.subject}</span>
        </summary>
        {message.text === null ? (
          <p className="mt-3 text-slate-600 text-sm">
            Delivered. Its link belongs to the recipient, so the text is not shown here.
          </p>
        ) : (
          <pre className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-sans text-slate-800 text-sm leading-6 [overflow-wrap:anywhere]">
            {message.text}
          </pre>
        )}
      </details>
    </article>
  );
}
