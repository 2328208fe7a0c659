import { useState } from "react";
import { type WebhookEndpointAnswer, webhookMessages } from "#contract/webhooks";
import { ConfirmDialog } from "#web/components/ConfirmDialog";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { Link } from "#web/components/Link";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useDeleteEndpoint, useUpdateEndpoint } from "../api/webhooks";
import { endpointState, eventLabel } from "../webhook-display";

type EndpointCardProps = {
  endpoint: WebhookEndpointAnswer;
  /** The address that shows this endpoint's deliveries, and whether they are shown now. */
  deliveriesHref: string;
  selected: boolean;
};

/** One endpoint: its address, events and state, with Switch off / on, Delete and its deliveries. */
export function EndpointCard({ endpoint, deliveriesHref, selected }: EndpointCardProps) {
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const [confirming, setConfirming] = useState(false);
  const state = endpointState(endpoint);
  const headingId = `endpoint-${endpoint.id}-url`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="webhook-endpoint"
      className={`rounded-2xl border bg-white p-5 shadow-sm ${selected ? "border-accent-dark" : "border-slate-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-mono font-semibold text-navy text-sm [overflow-wrap:anywhere]">
            {endpoint.url}
          </h2>
          {endpoint.description && (
            <p className="text-slate-600 text-sm [overflow-wrap:anywhere]">{endpoint.description}</p>
          )}
        </div>
        <span
          className={`rounded-full px-2.5 py-1 font-semibold text-xs ${
            endpoint.enabled ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"
          }`}
        >
          {state.label}
        </span>
      </div>
      {state.reason && <p className="mt-2 text-red-700 text-sm [overflow-wrap:anywhere]">{state.reason}</p>}
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-slate-700 text-sm">
        <dt className="text-slate-500">Events</dt>
        <dd>
          <ul>
            {endpoint.events.map((event) => (
              <li key={event}>
                {eventLabel(event)} <span className="font-mono text-slate-500 text-xs">{event}</span>
              </li>
            ))}
          </ul>
        </dd>
        {state.failingSince && (
          <>
            <dt className="text-slate-500">Failing since</dt>
            <dd className="text-red-700">{state.failingSince}</dd>
          </>
        )}
      </dl>
      {update.isError && <FailedAlert error={update.error} className="mt-3" />}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={deliveriesHref} aria-current={selected ? "true" : undefined} className="btn btn-secondary">
          Deliveries
        </Link>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: endpoint.id, enabled: !endpoint.enabled },
              { onSuccess: () => toast.success(webhookMessages.updated) },
            )
          }
        >
          {endpoint.enabled ? "Switch off" : "Switch on"}
        </button>
        <button type="button" className="btn btn-secondary text-red-700" onClick={() => setConfirming(true)}>
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this endpoint?"
        text={
          <>
            <span className="font-mono [overflow-wrap:anywhere]">{endpoint.url}</span> gets no more events,
            and its deliveries are deleted with it.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(endpoint.id);
            toast.success(webhookMessages.deleted);
          } catch (error) {
            toast.error(errorMessage(error));
            throw error;
          }
        }}
      />
    </article>
  );
}
