import { Link } from "react-router";
import { PencilIcon } from "../../../components/dashboard-icons";
import { EmptyState } from "../../../components/EmptyState";
import { LoadError } from "../../../components/LoadError";
import { Spinner } from "../../../components/Spinner";
import { BriefcaseIcon } from "../../auth/components/auth-icons";
import { usePortfolio } from "../api/get-portfolio";
import { PortfolioCard } from "./PortfolioCard";

/** The signed-in user's own portfolio with Edit, or a way to create it; loading and error states too. */
export function OwnPortfolio({ userId }: { userId: string }) {
  const portfolio = usePortfolio({ mine: userId });
  if (portfolio.isPending) return <Spinner label="Loading your portfolio…" />;
  if (portfolio.isError) {
    return (
      <LoadError
        title="We could not load your portfolio"
        error={portfolio.error}
        onRetry={() => portfolio.refetch()}
        retrying={portfolio.isFetching}
      />
    );
  }
  if (!portfolio.data) {
    return (
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
    );
  }
  return (
    <PortfolioCard portfolio={portfolio.data}>
      <Link to="/dashboard/createPortfolio" className="btn btn-secondary">
        <PencilIcon className="size-4" />
        Edit portfolio
      </Link>
    </PortfolioCard>
  );
}
