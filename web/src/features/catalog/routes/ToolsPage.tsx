import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { AlertIcon, BoxIcon } from "../../../components/icons";
import { Pagination } from "../../../components/Pagination";
import { Spinner } from "../../../components/Spinner";
import { errorMessage } from "../../../lib/api";
import { toolsPageSize, useTools } from "../api/get-tools";
import { ToolCard } from "../components/ToolCard";

/** Cards in the first row on the widest layout: their pictures load at once, the rest lazily. */
const firstRow = 3;

/** `?page=` as a page number; anything else is the first page. */
function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export function ToolsPage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const tools = useTools(page);

  function hrefFor(target: number): string {
    const params = new URLSearchParams(searchParams);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `/tools?${query}` : "/tools";
  }

  let body: ReactNode;
  if (tools.isPending) {
    // A screen tall, so the footer starts below the fold and does not jump when the cards arrive.
    body = (
      <div className="min-h-dvh">
        <Spinner label="Loading tools…" />
      </div>
    );
  } else if (tools.isError) {
    body = (
      <div
        role="alert"
        className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm"
      >
        <AlertIcon className="mx-auto size-10 text-red-700" />
        <h2 className="mt-4 text-lg font-semibold text-navy">We could not load the tools</h2>
        <p className="mt-2 text-slate-600">{errorMessage(tools.error)}</p>
        <button
          type="button"
          className="btn btn-primary mt-6"
          onClick={() => tools.refetch()}
          disabled={tools.isFetching}
        >
          {tools.isFetching ? "Retrying…" : "Retry"}
        </button>
      </div>
    );
  } else if (tools.data.tools.length === 0) {
    body = (
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
        <BoxIcon className="mx-auto size-10 text-slate-500" />
        {page > 1 ? (
          <>
            <h2 className="mt-4 text-lg font-semibold text-navy">There are no tools on page {page}</h2>
            <p className="mt-2 text-slate-600">The catalogue has fewer pages than that.</p>
            <Link to="/tools" className="btn btn-primary mt-6">
              Go to the first page
            </Link>
          </>
        ) : (
          <>
            <h2 className="mt-4 text-lg font-semibold text-navy">No tools in stock right now</h2>
            <p className="mt-2 text-slate-600">New lots arrive every week. Please check back soon.</p>
          </>
        )}
      </div>
    );
  } else {
    const { tools: list, total } = tools.data;
    const pageCount = Math.max(1, Math.ceil(total / toolsPageSize));
    body = (
      <>
        <ul
          aria-label="Tools"
          aria-busy={tools.isPlaceholderData}
          className={`grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3 ${
            tools.isPlaceholderData ? "opacity-60" : ""
          }`}
        >
          {list.map((tool, index) => (
            <li key={tool._id} className="flex">
              <ToolCard tool={tool} eager={index < firstRow} />
            </li>
          ))}
        </ul>
        {total > toolsPageSize && <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />}
      </>
    );
  }

  return (
    <>
      <title>Available Car Tools · Car Mechanic</title>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
          <p className="text-xs font-semibold uppercase tracking-widest text-accent-dark">Our catalogue</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy sm:text-4xl">
            Available Car Tools
          </h1>
          <p className="mt-3 text-lg text-slate-600">Order what you need</p>
          <p className="mt-1 text-sm text-slate-600">
            Sold in lots: every tool shows its price per piece and the least you can order.
          </p>
        </div>
      </div>
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">{body}</div>
    </>
  );
}
