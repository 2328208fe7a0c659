import type { ReactNode } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/LoadError";
import { PanelHeading } from "../../../components/PanelHeading";
import { Spinner } from "../../../components/Spinner";
import { useSession } from "../../auth/api/get-session";
import { useProfile } from "../api/get-profile";
import { ProfileForm } from "../components/ProfileForm";

/** /dashboard/createProfile: creates the user's profile, or edits it when there is one. */
export function CreateProfilePage() {
  const user = useSession().data;
  const profile = useProfile({ mine: user?.id ?? "" }, Boolean(user));

  let body: ReactNode;
  if (!user || profile.isPending) {
    body = <Spinner label="Loading your profile…" />;
  } else if (profile.isError) {
    body = (
      <LoadError
        title="We could not load your profile"
        error={profile.error}
        onRetry={() => profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  } else {
    body = <ProfileForm key={profile.data?._id ?? "new"} user={user} existing={profile.data} />;
  }

  return (
    <section aria-labelledby="create-profile-heading" className="mx-auto max-w-3xl">
      <title>Create Profile · Car Mechanic</title>
      <PanelHeading
        id="create-profile-heading"
        title="Create Profile"
        aside={
          profile.data && (
            <Link
              to="/dashboard/myProfile"
              className="font-semibold text-accent-dark text-sm hover:underline"
            >
              View my profile
            </Link>
          )
        }
      >
        {profile.data
          ? "You already have a profile: change what you need and save to update it."
          : "Tell workshops who you are. Your name, photo, education, location and LinkedIn are public."}
      </PanelHeading>
      {body}
    </section>
  );
}
