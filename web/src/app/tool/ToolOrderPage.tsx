import { useState } from "react";
import { useParams } from "react-router";
import { BoxIcon, ChevronLeftIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { StatusPanel } from "#web/components/StatusPanel";
import { AddToCartButton } from "#web/features/cart/components/AddToCartButton";
import { OrderForm } from "#web/features/orders/components/OrderForm";
import { ToolFacts } from "#web/features/orders/components/ToolFacts";
import { isNotFound } from "#web/lib/api";
import { useTool } from "#web/lib/catalog/get-tool";
import { todayIso } from "#web/lib/delivery/delivery-date";
import { useSession } from "#web/lib/session/get-session";

function BackToTools() {
  return (
    <nav aria-label="Breadcrumb" className="mb-6">
      <Link
        to="/tools"
        className="inline-flex items-center gap-1.5 rounded font-semibold text-accent-dark text-sm underline-offset-4 hover:underline"
      >
        <ChevronLeftIcon />
        All tools
      </Link>
    </nav>
  );
}

/** /tools/{toolsId} (signed in): the tool in full, its order form, and "Add to cart" on the same quantity. */
export function ToolOrderPage() {
  const { toolsId = "" } = useParams();
  const tool = useTool(toolsId);
  const session = useSession();
  const [today] = useState(todayIso);

  let title = "Tool details";
  if (tool.isSuccess) title = tool.data.name;
  else if (tool.isError && isNotFound(tool.error)) title = "Tool not found";

  const body = (
    <QueryState
      query={tool}
      pending={<Spinner label="Loading the tool…" />}
      errorTitle="We could not load this tool"
      errorPanel={{ size: "page", headingLevel: 1, className: "mx-auto max-w-lg" }}
      notFound={
        <StatusPanel
          icon={BoxIcon}
          title="Tool not found"
          size="page"
          headingLevel={1}
          className="mx-auto max-w-lg"
          action={
            <Link to="/tools" className="btn btn-primary mt-6">
              Browse tools
            </Link>
          }
        >
          This tool is not in our catalogue, or it is no longer sold. Have a look at what is in stock.
        </StatusPanel>
      }
    >
      {(data) => (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:items-start lg:gap-10">
          <ToolFacts tool={data} today={today} />
          <OrderForm
            key={data._id}
            tool={data}
            buyer={session.data ?? { name: "", email: "" }}
            today={today}
            besideSubmit={(quantity) => <AddToCartButton tool={data} quantity={quantity} />}
          />
        </div>
      )}
    </QueryState>
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>{`${title} · Car Mechanic`}</title>
      <BackToTools />
      {body}
    </div>
  );
}
