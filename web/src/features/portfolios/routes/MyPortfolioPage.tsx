import { PanelHeading } from "#web/components/PanelHeading";
import { Spinner } from "#web/components/Spinner";
import { useSession } from "#web/lib/session/get-session";
import { OwnPortfolio } from "../components/OwnPortfolio";

/** /dashboard/portfolio: the signed-in user's portfolio. */
export function MyPortfolioPage() {
  const user = useSession().data;
  return (
    <section aria-labelledby="my-portfolio-heading" className="max-w-3xl">
      <title>My Portfolio · Car Mechanic</title>
      <PanelHeading id="my-portfolio-heading" title="My Portfolio">
        How your portfolio looks to others. Project links open in a new tab.
      </PanelHeading>
      {user ? <OwnPortfolio userId={user.id} /> : <Spinner label="Loading your portfolio…" />}
    </section>
  );
}
