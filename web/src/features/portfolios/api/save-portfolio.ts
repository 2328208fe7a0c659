import { portfolioKind } from "#contract/profiles";
import { useSaveOwnRecord } from "#web/lib/records/own-record";

/** `POST /api/myPortfolio` (signed in): creates the user's portfolio, or updates it when there is one. */
export function useSavePortfolio() {
  return useSaveOwnRecord(portfolioKind);
}
