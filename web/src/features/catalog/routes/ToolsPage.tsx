import { BoxIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";
import { Pagination } from "#web/components/Pagination";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { StatusPanel } from "#web/components/StatusPanel";
import { toolsPageSize, useTools } from "#web/lib/catalog/get-tools";
import { pageHref, parsePage } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { ToolCard } from "../components/ToolCard";
import { ToolFinder } from "../components/ToolFinder";
import { parseToolsView, toolsViewHref } from "../tools-view-param";

/** Cards in the first row on the widest layout: their pictures load at once, the rest lazily. */
const firstRow = 3;

export function ToolsPage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const view = parseToolsView(searchParams);
  const narrowed = view.q !== undefined || view.orderable;
  const tools = useTools(page, toolsPageSize, view);

  const body = (
    <QueryState
      query={tools}
      pending={
        // A screen tall, so the footer starts below the fold and does not jump when the cards arrive.
        <div className="min-h-dvh">
          <Spinner label="Loading tools…" />
        </div>
      }
      errorTitle="We could not load the tools"
      errorPanel={{ className: "mx-auto max-w-lg" }}
      empty={(data) =>
        data.tools.length === 0 && (
          <PastLastPage
            page={page}
            items="tools"
            firstPageHref={toolsViewHref(view)}
            icon={BoxIcon}
            className="mx-auto max-w-lg"
          >
            {narrowed ? (
              <StatusPanel
                icon={BoxIcon}
                title={view.q ? `No tools match “${view.q}”` : "No tools can be ordered right now"}
                className="mx-auto max-w-lg"
                action={
                  <Link to={toolsViewHref({ sort: view.sort })} className="btn btn-primary mt-6">
                    Clear the search
                  </Link>
                }
              >
                {view.q
                  ? "Check the spelling, try fewer words or a part number."
                  : "Ordering opens when enough of a tool is in stock."}
              </StatusPanel>
            ) : (
              <StatusPanel icon={BoxIcon} title="No tools in stock right now" className="mx-auto max-w-lg">
                New lots arrive every week. Please check back soon.
              </StatusPanel>
            )}
          </PastLastPage>
        )
      }
    >
      {({ tools: list, total }) => (
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
          {total > toolsPageSize && (
            <Pagination
              page={page}
              pageCount={Math.max(1, Math.ceil(total / toolsPageSize))}
              hrefFor={(target) => pageHref("/tools", searchParams, target)}
            />
          )}
        </>
      )}
    </QueryState>
  );

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
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <ToolFinder view={view} />
        <div className="mt-8">{body}</div>
      </div>
    </>
  );
}
