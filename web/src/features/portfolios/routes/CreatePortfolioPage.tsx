import { CreateRecordPage } from "#web/components/OwnRecordScreens";
import { portfolioScreens } from "../screens";

/** /dashboard/createPortfolio: creates the user's portfolio, or edits it when there is one. */
export function CreatePortfolioPage() {
  return <CreateRecordPage screens={portfolioScreens} />;
}
