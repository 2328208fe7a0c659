import { Link } from "#web/components/Link";
import { PanelHeading } from "#web/components/PanelHeading";
import { AddToolForm } from "../components/AddToolForm";

/** /dashboard/addTools (admins): a new tool for the catalog. */
export function AddToolsPage() {
  return (
    <section aria-labelledby="add-tools-heading" className="max-w-3xl">
      <title>Add A Tools · Car Mechanic</title>
      <PanelHeading
        id="add-tools-heading"
        title="Add A Tools"
        aside={
          <Link
            to="/dashboard/manageTools"
            className="font-semibold text-accent-dark text-sm hover:underline"
          >
            Manage tools
          </Link>
        }
      >
        A new tool goes on sale on the tools page as soon as it is added.
      </PanelHeading>
      <AddToolForm />
    </section>
  );
}
