import { useReducer } from "react";
import { webhookGiveUpHours, webhookMessages } from "#contract/webhooks";
import { InboxIcon } from "#web/components/dashboard-icons";
import { EmptyState } from "#web/components/EmptyState";
import { ListCount } from "#web/components/ListCount";
import { OneTimeSecret } from "#web/components/OneTimeSecret";
import { PanelHeading } from "#web/components/PanelHeading";
import { QueryState } from "#web/components/QueryState";
import { SettingsCard } from "#web/components/SettingsCard";
import { Spinner } from "#web/components/Spinner";
import { pageHref, parseListPosition } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { shownOnce } from "#web/lib/secrets/shown-once";
import { toast } from "#web/lib/toast";
import { useEndpoints } from "../api/webhooks";
import { Deliveries, deliveriesId } from "../components/Deliveries";
import { EndpointCard } from "../components/EndpointCard";
import { EndpointForm } from "../components/EndpointForm";

const path = "/dashboard/webhooks";

/** The page showing one endpoint's deliveries (`?endpoint=`), at `page` by its cursor, scrolled to them. */
function deliveriesHref(endpointId: string, page = 1, cursor?: string): string {
  return `${pageHref(path, new URLSearchParams({ endpoint: endpointId }), page, cursor)}#${deliveriesId}`;
}

/**
 * /dashboard/webhooks (admins): the addresses the shop posts its events to, signed (Standard
 * Webhooks), each with its deliveries and Send again.
 */
export function WebhooksPage() {
  const [searchParams] = useSearchParams();
  const endpoints = useEndpoints();
  const [secret, dispatch] = useReducer(shownOnce, null);
  const selectedId = searchParams.get("endpoint");
  const selected = endpoints.data?.find((e) => e.id === selectedId);

  return (
    <section aria-labelledby="webhooks-heading" className="max-w-5xl">
      <title>Webhooks · Car Mechanic</title>
      <PanelHeading
        id="webhooks-heading"
        title="Webhooks"
        aside={<ListCount total={endpoints.data?.length} noun="endpoint" />}
      >
        The shop posts its events to these addresses, signed with each endpoint's secret, and tries again for{" "}
        {webhookGiveUpHours} hours; an endpoint failing that long is switched off and the admins are told. The{" "}
        <a href="/api/docs" className="font-semibold text-accent-dark underline underline-offset-4">
          API reference
        </a>{" "}
        shows how to check a signature.
      </PanelHeading>
      <div className="space-y-6">
        <QueryState
          query={endpoints}
          pending={<Spinner label="Loading the endpoints…" />}
          errorTitle="We could not load the webhook endpoints"
          empty={(data) =>
            data.length === 0 && (
              <EmptyState icon={<InboxIcon className="size-7" />} title="No endpoints yet">
                Add the address of a buyer's or your own system below to send it the shop's events.
              </EmptyState>
            )
          }
        >
          {(data) => (
            <ul aria-label="Endpoints" className="space-y-4">
              {data.map((endpoint) => (
                <li key={endpoint.id}>
                  <EndpointCard
                    endpoint={endpoint}
                    deliveriesHref={deliveriesHref(endpoint.id)}
                    selected={endpoint.id === selectedId}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <SettingsCard title="Add endpoint" intro="An http:// or https:// address on a public network.">
          <div className="space-y-5">
            {secret && (
              <OneTimeSecret
                label={secret.label}
                value={secret.value}
                onClose={() => dispatch({ type: "closed" })}
              >
                The receiver checks each delivery's webhook-signature with it. Copy it now: it is not shown
                again.
              </OneTimeSecret>
            )}
            <EndpointForm
              onCreated={(value, url) => {
                dispatch({ type: "created", label: `Signing secret for ${url}`, value });
                toast.success(webhookMessages.created);
              }}
            />
          </div>
        </SettingsCard>
      </div>
      {selected && (
        <Deliveries
          key={selected.id}
          endpointId={selected.id}
          url={selected.url}
          position={parseListPosition(searchParams)}
          hrefFor={(page, cursor) => deliveriesHref(selected.id, page, cursor)}
        />
      )}
    </section>
  );
}
