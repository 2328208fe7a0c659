import type { ProfileView } from "#contract/answers";
import { profileKind } from "#contract/profiles";
import { lazySchema } from "#web/lib/api";
import { type RecordOwner, recordsQueryKey, useOwnRecord } from "#web/lib/records/own-record";

/** A profile as the server sends it: email and phone only to its owner and admins. */
export type { ProfileView };

const profileSchema = lazySchema(() => import("#contract/answers").then((a) => a.profileAnswer));

export const profilesQueryKey = recordsQueryKey(profileKind);

/**
 * `GET /api/myProfile?email=`: that person's profile (the public part unless it is yours or you are
 * an admin); `{ mine: userId }`, your own. `null` when there is no profile yet (404).
 */
export function useProfile(owner: RecordOwner, enabled = true) {
  return useOwnRecord(profileKind, profileSchema, owner, enabled);
}
