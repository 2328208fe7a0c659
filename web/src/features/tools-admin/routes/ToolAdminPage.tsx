import { useParams } from "react-router";
import { Link } from "#web/components/Link";
import { PanelHeading } from "#web/components/PanelHeading";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { useAdminTool } from "../api/tool-admin";
import { AddToolForm } from "../components/AddToolForm";
import { StockPanel } from "../components/StockPanel";

/** /dashboard/manageTools/{toolId} (admins): edit a tool (the add form, filled in) and run its stock. */
export function ToolAdminPage() {
  const { toolId = "" } = useParams();
  const tool = useAdminTool(toolId);
  return (
    <section aria-labelledby="tool-admin-heading" className="max-w-3xl">
      <title>{`${tool.data?.name ?? "Edit tool"} · Car Mechanic`}</title>
      <PanelHeading
        id="tool-admin-heading"
        title={tool.data ? `Edit ${tool.data.name}` : "Edit tool"}
        aside={
          <Link
            to="/dashboard/manageTools"
            className="font-semibold text-accent-dark text-sm hover:underline"
          >
            Manage tools
          </Link>
        }
      >
        Changes show in the shop at once. Orders keep the price they were placed at.
      </PanelHeading>
      <QueryState
        query={tool}
        pending={<Spinner label="Loading the tool…" />}
        errorTitle="We could not load this tool"
      >
        {(data) => (
          <div className="space-y-8">
            <StockPanel tool={data} />
            <AddToolForm key={data._id} tool={data} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
