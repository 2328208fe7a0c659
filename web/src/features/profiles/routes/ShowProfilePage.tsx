import { OwnRecordPage } from "#web/components/OwnRecordPage";
import { profileScreens } from "../screens";

/**
 * /showProfile: the signed-in user's own profile (from the profile menu), or with `?email=` someone
 * else's. Visitors are asked to sign in for their own.
 */
export function ShowProfilePage() {
  return <OwnRecordPage screens={profileScreens} />;
}
