import type { ReactNode } from "react";
import type { Tool } from "#contract/catalog";
import { BoxIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";
import { LoadError } from "#web/components/LoadError";
import { Spinner } from "#web/components/Spinner";
import { StatusPanel } from "#web/components/StatusPanel";
import { ArrowRightIcon } from "#web/components/shop-icons";
import { ToolCard } from "#web/features/catalog/components/ToolCard";
import { DeliveryEstimate } from "#web/features/delivery/components/DeliveryEstimate";

export type ToolsPreviewProps = {
  status: "pending" | "error" | "success";
  /** Why the tools did not load (status `error`). */
  error: unknown;
  onRetry: () => void;
  tools: Tool[];
  chosen: string | undefined;
  today: string;
};

/** A few tools from the catalog, each saying whether it arrives by the chosen delivery date. */
export function ToolsPreview({ status, error, onRetry, tools, chosen, today }: ToolsPreviewProps) {
  let body: ReactNode;
  if (status === "pending") {
    body = <Spinner label="Loading tools…" />;
  } else if (status === "error") {
    body = (
      <LoadError
        title="We could not load the tools"
        error={error}
        onRetry={onRetry}
        size="compact"
        headingLevel={3}
        className="mx-auto max-w-lg"
      />
    );
  } else if (tools.length === 0) {
    body = (
      <StatusPanel
        icon={BoxIcon}
        title="No tools in stock right now"
        size="compact"
        headingLevel={3}
        className="mx-auto max-w-lg"
      >
        New lots arrive every week. Please check back soon.
      </StatusPanel>
    );
  } else {
    body = (
      <ul aria-label="Featured tools" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => (
          <li key={tool._id} className="flex">
            <ToolCard tool={tool} headingLevel={3}>
              <DeliveryEstimate leadTimeDays={tool.leadTimeDays} chosen={chosen} today={today} />
            </ToolCard>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="preview-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="eyebrow">Our catalogue</p>
            <h2 id="preview-heading" className="section-title">
              Tools for your workshop
            </h2>
            <p className="section-lead">Sold in lots, priced per piece, delivered free to your door.</p>
          </div>
          <Link to="/tools" className="btn btn-secondary shrink-0 self-start sm:self-auto">
            See all tools
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <div className="mt-10">{body}</div>
      </div>
    </section>
  );
}
