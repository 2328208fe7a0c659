import { BriefcaseIcon } from "#web/components/auth-icons";
import { OwnRecordPage } from "#web/components/OwnRecordPage";
import { usePortfolio } from "../api/get-portfolio";
import { OwnPortfolio } from "../components/OwnPortfolio";
import { PortfolioCard } from "../components/PortfolioCard";

/**
 * /showPortfolio: the signed-in user's own portfolio (from the profile menu), or with `?email=`
 * someone else's (without their email unless it is yours or you are an admin). Visitors are asked to
 * sign in for their own.
 */
export function ShowPortfolioPage() {
  return (
    <OwnRecordPage
      noun="Portfolio"
      othersHeading="Mechanic portfolio"
      icon={<BriefcaseIcon className="size-7" />}
      useRecord={usePortfolio}
      renderRecord={(portfolio) => <PortfolioCard portfolio={portfolio} />}
      renderOwn={(userId) => <OwnPortfolio userId={userId} />}
    />
  );
}
