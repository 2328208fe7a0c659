import { Link } from "react-router";
import { PanelHeading } from "#web/components/PanelHeading";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { useSession } from "#web/lib/session/get-session";
import { usePortfolio } from "../api/get-portfolio";
import { PortfolioForm } from "../components/PortfolioForm";

/** /dashboard/createPortfolio: creates the user's portfolio, or edits it when there is one. */
export function CreatePortfolioPage() {
  const user = useSession().data;
  const portfolio = usePortfolio({ mine: user?.id ?? "" }, Boolean(user));
  // Until the session is in, the query waits (disabled) and the spinner shows.
  const pending = <Spinner label="Loading your portfolio…" />;

  return (
    <section aria-labelledby="create-portfolio-heading" className="max-w-3xl">
      <title>Create Portfolio · Car Mechanic</title>
      <PanelHeading
        id="create-portfolio-heading"
        title="Create Portfolio"
        aside={
          portfolio.data && (
            <Link
              to="/dashboard/portfolio"
              className="font-semibold text-accent-dark text-sm hover:underline"
            >
              View my portfolio
            </Link>
          )
        }
      >
        {portfolio.data
          ? "You already have a portfolio: change what you need and save to update it."
          : "Your skill and three projects, for workshops looking for a mechanic like you."}
      </PanelHeading>
      <QueryState query={portfolio} pending={pending} errorTitle="We could not load your portfolio">
        {(existing) =>
          user ? <PortfolioForm key={existing?._id ?? "new"} user={user} existing={existing} /> : pending
        }
      </QueryState>
    </section>
  );
}
