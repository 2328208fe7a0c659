import { UserIcon } from "#web/components/auth-icons";
import { OwnRecordPage } from "#web/components/OwnRecordPage";
import { useProfile } from "../api/get-profile";
import { OwnProfile } from "../components/OwnProfile";
import { ProfileCard } from "../components/ProfileCard";

/**
 * /showProfile: the signed-in user's own profile (from the profile menu), or with `?email=` someone
 * else's public profile (only its public part unless it is yours or you are an admin). Visitors are
 * asked to sign in for their own.
 */
export function ShowProfilePage() {
  return (
    <OwnRecordPage
      noun="Profile"
      othersHeading="Workshop profile"
      icon={<UserIcon className="size-7" />}
      useRecord={useProfile}
      renderRecord={(profile) => <ProfileCard profile={profile} />}
      renderOwn={(userId) => <OwnProfile userId={userId} />}
    />
  );
}
