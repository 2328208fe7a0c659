import { type ProfileView, profileKind } from "#contract/profiles";
import { recordsQueryKey } from "#web/lib/records/own-record";

/** A profile as the server sends it: email and phone only to its owner and admins. */
export type { ProfileView };

/** Every query of profiles (one, and the admins' list), to read again once one is saved. */
export const profilesQueryKey = recordsQueryKey(profileKind);
