import { portfolioKind } from "#contract/profiles";
import { type RecordOwner, useOwnRecord } from "#web/lib/records/own-record";

/**
 * `GET /api/myPortfolio?email=`: that person's portfolio (the email only for its owner and admins);
 * `{ mine: userId }`, your own. `null` when there is none yet (404).
 */
export function usePortfolio(owner: RecordOwner, enabled = true) {
  return useOwnRecord(portfolioKind, owner, enabled);
}
