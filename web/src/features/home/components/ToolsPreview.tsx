import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Tool } from "../../../../../contract/catalog";
import { AlertIcon, BoxIcon } from "../../../components/icons";
import { Spinner } from "../../../components/Spinner";
import { ArrowRightIcon } from "../../../components/shop-icons";
import { ToolCard } from "../../catalog/components/ToolCard";
import { DeliveryEstimate } from "../../delivery/components/DeliveryEstimate";

export type ToolsPreviewProps = {
  status: "pending" | "error" | "success";
  error: string | undefined;
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
      <div
        role="alert"
        className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-white px-6 py-8 text-center shadow-sm"
      >
        <AlertIcon className="mx-auto size-8 text-red-700" />
        <h3 className="mt-3 text-lg font-semibold text-navy">We could not load the tools</h3>
        <p className="mt-2 text-slate-600">{error}</p>
        <button type="button" className="btn btn-secondary mt-5" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  } else if (tools.length === 0) {
    body = (
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center shadow-sm">
        <BoxIcon className="mx-auto size-8 text-slate-500" />
        <h3 className="mt-3 text-lg font-semibold text-navy">No tools in stock right now</h3>
        <p className="mt-2 text-slate-600">New lots arrive every week. Please check back soon.</p>
      </div>
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
