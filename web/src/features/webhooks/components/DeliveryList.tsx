import type { WebhookDeliveryAnswer } from "#contract/webhooks";
import { deliveryAnswer, deliveryStatus, eventLabel, formatMoment } from "../webhook-display";

type DeliveryListProps = {
  deliveries: WebhookDeliveryAnswer[];
  /** "Send again" for one delivery; the id being sent, while it is. */
  onSendAgain: (delivery: WebhookDeliveryAnswer) => void;
  sending: string | undefined;
};

function Status({ delivery }: { delivery: WebhookDeliveryAnswer }) {
  const status = deliveryStatus(delivery);
  return (
    <>
      <span className={`inline-block rounded-full px-2.5 py-1 font-semibold text-xs ${status.className}`}>
        {status.label}
      </span>
      {status.detail && <span className="block text-slate-500 text-xs">{status.detail}</span>}
    </>
  );
}

function SendAgain({
  delivery,
  onSendAgain,
  sending,
}: { delivery: WebhookDeliveryAnswer } & Omit<DeliveryListProps, "deliveries">) {
  const busy = sending === delivery.id;
  return (
    <button
      type="button"
      className="btn btn-secondary whitespace-nowrap"
      disabled={busy}
      onClick={() => onSendAgain(delivery)}
    >
      {busy ? "Sending…" : "Send again"}
      <span className="sr-only"> {delivery.messageId}</span>
    </button>
  );
}

const lastTry = (d: WebhookDeliveryAnswer) => (d.lastAttemptAt ? formatMoment(d.lastAttemptAt) : "—");

/** An endpoint's deliveries: a table on wide screens, a card each on phones (nothing wider than the page). */
export function DeliveryList({ deliveries, onSendAgain, sending }: DeliveryListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm xl:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Deliveries</caption>
          <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wider">
            <tr>
              {["Event", "Status", "Answer", "Attempts", "Created", "Last try", "Last error"].map((h) => (
                <th key={h} scope="col" className="px-3 py-3 font-semibold">
                  {h}
                </th>
              ))}
              <th scope="col" className="px-3 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {deliveries.map((d) => (
              <tr key={d.id} data-testid="webhook-delivery" className="align-top">
                <td className="px-3 py-3">
                  <span className="font-mono text-xs">{d.event}</span>
                  <span className="block text-slate-500 text-xs">{eventLabel(d.event)}</span>
                </td>
                <td className="px-3 py-3">
                  <Status delivery={d} />
                </td>
                <td className="px-3 py-3">{deliveryAnswer(d)}</td>
                <td className="px-3 py-3">{d.attempts}</td>
                <td className="px-3 py-3">{formatMoment(d.createdAt)}</td>
                <td className="px-3 py-3">{lastTry(d)}</td>
                <td className="max-w-56 px-3 py-3 text-red-700 [overflow-wrap:anywhere]">
                  {d.lastError ?? ""}
                </td>
                <td className="px-3 py-3 text-right">
                  <SendAgain delivery={d} onSendAgain={onSendAgain} sending={sending} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Deliveries" className="space-y-3 xl:hidden">
        {deliveries.map((d) => (
          <li
            key={d.id}
            data-testid="webhook-delivery-card"
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-mono font-semibold text-navy text-sm">{d.event}</p>
                <p className="text-slate-500 text-xs">{eventLabel(d.event)}</p>
              </div>
              <div className="text-right">
                <Status delivery={d} />
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-slate-700 text-sm">
              <dt className="text-slate-500">Answer</dt>
              <dd>{deliveryAnswer(d)}</dd>
              <dt className="text-slate-500">Attempts</dt>
              <dd>{d.attempts}</dd>
              <dt className="text-slate-500">Created</dt>
              <dd>{formatMoment(d.createdAt)}</dd>
              <dt className="text-slate-500">Last try</dt>
              <dd>{lastTry(d)}</dd>
              {d.lastError && (
                <>
                  <dt className="text-slate-500">Last error</dt>
                  <dd className="text-red-700 [overflow-wrap:anywhere]">{d.lastError}</dd>
                </>
              )}
            </dl>
            <div className="mt-3">
              <SendAgain delivery={d} onSendAgain={onSendAgain} sending={sending} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
