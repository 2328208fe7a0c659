import { profileKind } from "#contract/profiles";
import { useSaveOwnRecord } from "#web/lib/records/own-record";
import { sessionQueryKey } from "#web/lib/session/get-session";

/**
 * `POST /api/myProfile` (signed in): creates the user's profile, or updates it when there is one.
 * The profile's photo may have become the account's (the profile menu's avatar): the session is read
 * again too.
 */
export function useSaveProfile() {
  return useSaveOwnRecord(profileKind, [sessionQueryKey]);
}
