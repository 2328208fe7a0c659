import { Link } from "react-router";
import { PencilIcon } from "../../../components/dashboard-icons";
import { EmptyState } from "../../../components/EmptyState";
import { LoadError } from "../../../components/LoadError";
import { Spinner } from "../../../components/Spinner";
import { UserIcon } from "../../auth/components/auth-icons";
import { useProfile } from "../api/get-profile";
import { ProfileCard } from "./ProfileCard";

/** The signed-in user's own profile with Edit, or a way to create it; loading and error states too. */
export function OwnProfile({ userId }: { userId: string }) {
  const profile = useProfile({ mine: userId });
  if (profile.isPending) return <Spinner label="Loading your profile…" />;
  if (profile.isError) {
    return (
      <LoadError
        title="We could not load your profile"
        error={profile.error}
        onRetry={() => profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  if (!profile.data) {
    return (
      <EmptyState
        icon={<UserIcon className="size-7" />}
        title="You have no profile yet"
        action={
          <Link to="/dashboard/createProfile" className="btn btn-primary">
            Create Profile
          </Link>
        }
      >
        A profile tells workshops who you are: your photo, education, location and LinkedIn. It takes a
        minute.
      </EmptyState>
    );
  }
  return (
    <ProfileCard profile={profile.data}>
      <Link to="/dashboard/createProfile" className="btn btn-secondary">
        <PencilIcon className="size-4" />
        Edit profile
      </Link>
    </ProfileCard>
  );
}
