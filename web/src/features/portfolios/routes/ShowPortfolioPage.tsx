import type { ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState";
import { LoadError } from "../../../components/LoadError";
import { Spinner } from "../../../components/Spinner";
import { useSession } from "../../auth/api/get-session";
import { BriefcaseIcon } from "../../auth/components/auth-icons";
import { loginPath } from "../../auth/redirect";
import { usePortfolio } from "../api/get-portfolio";
import { OwnPortfolio } from "../components/OwnPortfolio";
import { PortfolioCard } from "../components/PortfolioCard";

/** Someone's portfolio, by email (without their email unless it is yours or you are an admin). */
function SomeonesPortfolio({ email }: { email: string }) {
  const portfolio = usePortfolio(email.toLowerCase());
  if (portfolio.isPending) return <Spinner label="Loading the portfolio…" />;
  if (portfolio.isError) {
    return (
      <LoadError
        title="We could not load this portfolio"
        error={portfolio.error}
        onRetry={() => portfolio.refetch()}
        retrying={portfolio.isFetching}
      />
    );
  }
  if (!portfolio.data) {
    return (
      <EmptyState icon={<BriefcaseIcon className="size-7" />} title="No portfolio here">
        This person has not created a portfolio yet.
      </EmptyState>
    );
  }
  return <PortfolioCard portfolio={portfolio.data} />;
}

/**
 * /showPortfolio: the signed-in user's own portfolio (from the profile menu), or with `?email=`
 * someone else's. Visitors are asked to sign in for their own.
 */
export function ShowPortfolioPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email")?.trim() || undefined;
  const session = useSession();
  const { pathname, search } = useLocation();
  const user = session.data;
  const own =
    !email || (user !== undefined && user !== null && user.email.toLowerCase() === email.toLowerCase());

  let body: ReactNode;
  if (!own && email) {
    body = <SomeonesPortfolio email={email} />;
  } else if (session.isPending) {
    body = <Spinner label="Loading your portfolio…" />;
  } else if (user) {
    body = <OwnPortfolio userId={user.id} />;
  } else {
    body = (
      <EmptyState
        icon={<BriefcaseIcon className="size-7" />}
        title="Sign in to see your portfolio"
        action={
          <Link to={loginPath(`${pathname}${search}`)} className="btn btn-primary">
            Login
          </Link>
        }
      >
        Your portfolio lives in your account. Log in, or sign up to create one.
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{own ? "Your Portfolio · Car Mechanic" : "Portfolio · Car Mechanic"}</title>
      <p className="eyebrow">Portfolio</p>
      <h1 className="mt-2 mb-8 font-bold text-3xl text-navy tracking-tight sm:text-4xl">
        {own ? "Your Portfolio" : "Mechanic portfolio"}
      </h1>
      {body}
    </div>
  );
}
