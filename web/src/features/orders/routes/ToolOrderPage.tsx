import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { AlertIcon, BoxIcon, ChevronLeftIcon } from "../../../components/icons";
import { Spinner } from "../../../components/Spinner";
import { ApiError, errorMessage } from "../../../lib/api";
import { useSession } from "../../auth/api/get-session";
import { todayIso } from "../../delivery/delivery-date";
import { useTool } from "../api/get-tool";
import { OrderForm } from "../components/OrderForm";
import { ToolFacts } from "../components/ToolFacts";

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

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

/** /tools/{toolsId} (signed in): the tool in full and its order form. */
export function ToolOrderPage() {
  const { toolsId = "" } = useParams();
  const tool = useTool(toolsId);
  const session = useSession();
  const [today] = useState(todayIso);

  let body: ReactNode;
  if (tool.isPending) {
    body = (
      <>
        <title>Tool details · Car Mechanic</title>
        <Spinner label="Loading the tool…" />
      </>
    );
  } else if (tool.isError && isNotFound(tool.error)) {
    body = (
      <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
        <title>Tool not found · Car Mechanic</title>
        <BoxIcon className="mx-auto size-10 text-slate-500" />
        <h1 className="mt-4 font-bold text-2xl text-navy">Tool not found</h1>
        <p className="mt-2 text-slate-600">
          This tool is not in our catalogue, or it is no longer sold. Have a look at what is in stock.
        </p>
        <Link to="/tools" className="btn btn-primary mt-6">
          Browse tools
        </Link>
      </section>
    );
  } else if (tool.isError) {
    body = (
      <div
        role="alert"
        className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm"
      >
        <title>Tool details · Car Mechanic</title>
        <AlertIcon className="mx-auto size-10 text-red-700" />
        <h1 className="mt-4 font-bold text-2xl text-navy">We could not load this tool</h1>
        <p className="mt-2 text-slate-600">{errorMessage(tool.error)}</p>
        <button
          type="button"
          className="btn btn-primary mt-6"
          onClick={() => tool.refetch()}
          disabled={tool.isFetching}
        >
          {tool.isFetching ? "Retrying…" : "Retry"}
        </button>
      </div>
    );
  } else {
    const buyer = session.data ?? { name: "", email: "" };
    body = (
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:items-start lg:gap-10">
        <title>{`${tool.data.name} · Car Mechanic`}</title>
        <ToolFacts tool={tool.data} today={today} />
        <OrderForm key={tool.data._id} tool={tool.data} buyer={buyer} today={today} />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <BackToTools />
      {body}
    </div>
  );
}
