import { type Portfolio, portfolioKind } from "#contract/profiles";
import { BriefcaseIcon } from "#web/components/auth-icons";
import type { OwnRecordScreens } from "#web/components/OwnRecordScreens";
import { PortfolioCard } from "./components/PortfolioCard";
import { PortfolioForm } from "./components/PortfolioForm";

/** What the portfolio's screens (/showPortfolio, My Portfolio, Create Portfolio) show of it. */
export const portfolioScreens: OwnRecordScreens<Portfolio> = {
  kind: portfolioKind,
  icon: <BriefcaseIcon className="size-7" />,
  ownPath: "/dashboard/portfolio",
  card: (portfolio, actions) => <PortfolioCard portfolio={portfolio}>{actions}</PortfolioCard>,
  Form: PortfolioForm,
  othersHeading: "Mechanic portfolio",
  noneYet: "Show your skill and three projects you are proud of. It takes a minute.",
  ownIntro: "How your portfolio looks to others. Project links open in a new tab.",
  formIntro: "Your skill and three projects, for workshops looking for a mechanic like you.",
};
