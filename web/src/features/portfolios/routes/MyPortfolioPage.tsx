import { MyRecordPage } from "#web/components/OwnRecordScreens";
import { portfolioScreens } from "../screens";

/** /dashboard/portfolio: the signed-in user's portfolio. */
export function MyPortfolioPage() {
  return <MyRecordPage screens={portfolioScreens} />;
}
