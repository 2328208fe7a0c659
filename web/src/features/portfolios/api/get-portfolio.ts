import { portfolioKind } from "#contract/profiles";
import { lazySchema } from "#web/lib/api";
import { type RecordOwner, useOwnRecord } from "#web/lib/records/own-record";

const portfolioSchema = lazySchema(() => import("#contract/answers").then((a) => a.portfolioAnswer));

/**
 * `GET /api/myPortfolio?email=`: that person's portfolio (the email only for its owner and admins);
 * `{ mine: userId }`, your own. `null` when there is none yet (404).
 */
export function usePortfolio(owner: RecordOwner, enabled = true) {
  return useOwnRecord(portfolioKind, portfolioSchema, owner, enabled);
}
