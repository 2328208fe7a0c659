import { OwnRecordPage } from "#web/components/OwnRecordPage";
import { portfolioScreens } from "../screens";

/**
 * /showPortfolio: the signed-in user's own portfolio (from the profile menu), or with `?email=` someone
 * else's. Visitors are asked to sign in for their own.
 */
export function ShowPortfolioPage() {
  return <OwnRecordPage screens={portfolioScreens} />;
}
