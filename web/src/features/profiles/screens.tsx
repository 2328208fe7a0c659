import { type ProfileView, profileKind } from "#contract/profiles";
import { UserIcon } from "#web/components/auth-icons";
import type { OwnRecordScreens } from "#web/components/OwnRecordScreens";
import { ProfileCard } from "./components/ProfileCard";
import { ProfileForm } from "./components/ProfileForm";

/** What the profile's screens (/showProfile, My Profile, Create Profile) show of it. */
export const profileScreens: OwnRecordScreens<ProfileView> = {
  kind: profileKind,
  icon: <UserIcon className="size-7" />,
  ownPath: "/dashboard/myProfile",
  card: (profile, actions) => <ProfileCard profile={profile}>{actions}</ProfileCard>,
  Form: ProfileForm,
  othersHeading: "Workshop profile",
  noneYet:
    "A profile tells workshops who you are: your photo, education, location and LinkedIn. It takes a minute.",
  ownIntro: "How your profile looks. Email and phone are shown only to you and the shop's admins.",
  formIntro: "Tell workshops who you are. Your name, photo, education, location and LinkedIn are public.",
};
