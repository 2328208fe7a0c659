import { Link } from "react-router";
import { UserIcon } from "#web/components/auth-icons";
import { PencilIcon } from "#web/components/dashboard-icons";
import { EmptyState } from "#web/components/EmptyState";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { useProfile } from "../api/get-profile";
import { ProfileCard } from "./ProfileCard";

/** The signed-in user's own profile with Edit, or a way to create it; loading and error states too. */
export function OwnProfile({ userId }: { userId: string }) {
  const profile = useProfile({ mine: userId });
  return (
    <QueryState
      query={profile}
      pending={<Spinner label="Loading your profile…" />}
      errorTitle="We could not load your profile"
    >
      {(mine) =>
        mine ? (
          <ProfileCard profile={mine}>
            <Link to="/dashboard/createProfile" className="btn btn-secondary">
              <PencilIcon className="size-4" />
              Edit profile
            </Link>
          </ProfileCard>
        ) : (
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
        )
      }
    </QueryState>
  );
}
