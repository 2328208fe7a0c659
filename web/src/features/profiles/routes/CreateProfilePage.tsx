import { CreateRecordPage } from "#web/components/OwnRecordScreens";
import { profileScreens } from "../screens";

/** /dashboard/createProfile: creates the user's profile, or edits it when there is one. */
export function CreateProfilePage() {
  return <CreateRecordPage screens={profileScreens} />;
}
