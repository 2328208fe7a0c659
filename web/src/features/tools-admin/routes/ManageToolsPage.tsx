import { useState } from "react";
import type { Tool } from "#contract/catalog";
import { ConfirmDialog } from "#web/components/ConfirmDialog";
import { PlusIcon } from "#web/components/dashboard-icons";
import { BoxIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";
import { PagedList } from "#web/components/PagedList";
import { PanelHeading } from "#web/components/PanelHeading";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { StatusPanel } from "#web/components/StatusPanel";
import { ApiError, errorMessage } from "#web/lib/api";
import { toolsPageSize, useTools } from "#web/lib/catalog/get-tools";
import { pageHref, parsePage } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { toast } from "#web/lib/toast";
import { useDeleteTool } from "../api/delete-tool";
import { useImportTools } from "../api/import-tools";
import { CatalogCsvActions, CatalogCsvResult } from "../components/CatalogCsvActions";
import { LowStockPanel } from "../components/LowStockPanel";
import { ManageToolCard } from "../components/ManageToolCard";

const hrefFor = (page: number) => pageHref("/dashboard/manageTools", undefined, page);

/** /dashboard/manageTools (admins): every tool of the shop, each with Delete after a confirmation. */
export function ManageToolsPage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const tools = useTools(page);
  const deleteTool = useDeleteTool();
  const importTools = useImportTools();
  const [doomed, setDoomed] = useState<Tool | null>(null);
  // Kept while the dialog closes, so its text does not vanish mid-animation.
  const [shown, setShown] = useState<Tool | null>(null);

  function askToDelete(tool: Tool) {
    setShown(tool);
    setDoomed(tool);
  }

  async function confirmDelete() {
    if (!doomed) return;
    const tool = doomed;
    try {
      const result = await deleteTool.mutateAsync(tool._id);
      if (result.deletedCount === 1) {
        toast.success("Deleted!", {
          description: result.archived ? "Archived: it has orders" : `${tool.name} is gone from the shop.`,
        });
      } else {
        toast.error("Failed", { description: `${tool.name} was not deleted.` });
      }
    } catch (error) {
      toast.error("Failed", { description: errorMessage(error) });
      // Already gone (404): nothing to retry. Otherwise the dialog stays open for another try.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }

  const total = tools.data?.total;
  return (
    <section aria-labelledby="manage-tools-heading">
      <title>Manage Tools · Car Mechanic</title>
      <PanelHeading
        id="manage-tools-heading"
        title="Manage Tools"
        aside={
          <div className="flex flex-wrap items-center justify-end gap-4">
            <CatalogCsvActions importTools={importTools} />
            {total !== undefined && (
              <p className="text-slate-600 text-sm">
                {total} {total === 1 ? "tool" : "tools"}
              </p>
            )}
            <Link to="/dashboard/addTools" className="btn btn-secondary min-h-10 px-3.5 py-2 text-sm">
              <PlusIcon className="size-4" />
              Add A Tools
            </Link>
          </div>
        }
      >
        Every tool on sale. A deleted tool leaves the shop at once; one with orders is archived for them.
      </PanelHeading>
      <CatalogCsvResult importTools={importTools} />
      <LowStockPanel />
      <QueryState
        query={tools}
        pending={<Spinner label="Loading tools…" />}
        errorTitle="We could not load the tools"
        empty={(data) =>
          data.tools.length === 0 && (
            <PastLastPage page={page} items="tools" firstPageHref={hrefFor(1)} icon={BoxIcon}>
              <StatusPanel
                icon={BoxIcon}
                title="The shop has no tools yet"
                action={
                  <Link to="/dashboard/addTools" className="btn btn-primary mt-6">
                    Add a tool
                  </Link>
                }
              />
            </PastLastPage>
          )
        }
      >
        {({ tools: list, total }) => (
          <PagedList
            busy={tools.isPlaceholderData}
            page={page}
            total={total}
            pageSize={toolsPageSize}
            hrefFor={hrefFor}
          >
            <ul aria-label="Tools" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((tool) => (
                <li key={tool._id}>
                  <ManageToolCard tool={tool} onDelete={askToDelete} />
                </li>
              ))}
            </ul>
          </PagedList>
        )}
      </QueryState>
      <ConfirmDialog
        open={doomed !== null}
        onClose={() => setDoomed(null)}
        title="Are you sure to delete tools?"
        text={
          <>
            <p>You won't be able to revert this!</p>
            {shown && (
              <p className="mt-2 text-sm">
                <span className="font-semibold text-navy">{shown.name}</span> leaves the shop.
              </p>
            )}
          </>
        }
        confirmLabel="Yes, delete it!"
        busyLabel="Deleting…"
        onConfirm={confirmDelete}
      />
    </section>
  );
}
