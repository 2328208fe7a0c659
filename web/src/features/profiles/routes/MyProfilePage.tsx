import { MyRecordPage } from "#web/components/OwnRecordScreens";
import { profileScreens } from "../screens";

/** /dashboard/myProfile: the signed-in user's profile. */
export function MyProfilePage() {
  return <MyRecordPage screens={profileScreens} />;
}
