import { Link } from "react-router";
import { PanelHeading } from "#web/components/PanelHeading";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { useSession } from "#web/lib/session/get-session";
import { useProfile } from "../api/get-profile";
import { ProfileForm } from "../components/ProfileForm";

/** /dashboard/createProfile: creates the user's profile, or edits it when there is one. */
export function CreateProfilePage() {
  const user = useSession().data;
  const profile = useProfile({ mine: user?.id ?? "" }, Boolean(user));
  // Until the session is in, the query waits (disabled) and the spinner shows.
  const pending = <Spinner label="Loading your profile…" />;

  return (
    <section aria-labelledby="create-profile-heading" className="max-w-3xl">
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
      <QueryState query={profile} pending={pending} errorTitle="We could not load your profile">
        {(existing) =>
          user ? <ProfileForm key={existing?._id ?? "new"} user={user} existing={existing} /> : pending
        }
      </QueryState>
    </section>
  );
}
