import { Link } from "react-router";
import { BriefcaseIcon } from "#web/components/auth-icons";
import { PencilIcon } from "#web/components/dashboard-icons";
import { EmptyState } from "#web/components/EmptyState";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { usePortfolio } from "../api/get-portfolio";
import { PortfolioCard } from "./PortfolioCard";

/** The signed-in user's own portfolio with Edit, or a way to create it; loading and error states too. */
export function OwnPortfolio({ userId }: { userId: string }) {
  const portfolio = usePortfolio({ mine: userId });
  return (
    <QueryState
      query={portfolio}
      pending={<Spinner label="Loading your portfolio…" />}
      errorTitle="We could not load your portfolio"
    >
      {(mine) =>
        mine ? (
          <PortfolioCard portfolio={mine}>
            <Link to="/dashboard/createPortfolio" className="btn btn-secondary">
              <PencilIcon className="size-4" />
              Edit portfolio
            </Link>
          </PortfolioCard>
        ) : (
          <EmptyState
            icon={<BriefcaseIcon className="size-7" />}
            title="You have no portfolio yet"
            action={
              <Link to="/dashboard/createPortfolio" className="btn btn-primary">
                Create Portfolio
              </Link>
            }
          >
            Show your skill and three projects you are proud of. It takes a minute.
          </EmptyState>
        )
      }
    </QueryState>
  );
}
