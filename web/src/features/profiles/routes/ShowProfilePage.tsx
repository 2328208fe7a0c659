import type { ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState";
import { LoadError } from "../../../components/LoadError";
import { Spinner } from "../../../components/Spinner";
import { useSession } from "../../auth/api/get-session";
import { UserIcon } from "../../auth/components/auth-icons";
import { loginPath } from "../../auth/redirect";
import { useProfile } from "../api/get-profile";
import { OwnProfile } from "../components/OwnProfile";
import { ProfileCard } from "../components/ProfileCard";

/** Someone's public profile, by email: only its public part unless it is yours or you are an admin. */
function SomeonesProfile({ email }: { email: string }) {
  const profile = useProfile(email.toLowerCase());
  if (profile.isPending) return <Spinner label="Loading the profile…" />;
  if (profile.isError) {
    return (
      <LoadError
        title="We could not load this profile"
        error={profile.error}
        onRetry={() => profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  if (!profile.data) {
    return (
      <EmptyState icon={<UserIcon className="size-7" />} title="No profile here">
        This person has not created a profile yet.
      </EmptyState>
    );
  }
  return <ProfileCard profile={profile.data} />;
}

/**
 * /showProfile: the signed-in user's own profile (from the profile menu), or with `?email=` someone
 * else's public profile. Visitors are asked to sign in for their own.
 */
export function ShowProfilePage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email")?.trim() || undefined;
  const session = useSession();
  const { pathname, search } = useLocation();
  const user = session.data;
  const own =
    !email || (user !== undefined && user !== null && user.email.toLowerCase() === email.toLowerCase());

  let body: ReactNode;
  if (!own && email) {
    body = <SomeonesProfile email={email} />;
  } else if (session.isPending) {
    body = <Spinner label="Loading your profile…" />;
  } else if (user) {
    body = <OwnProfile userId={user.id} />;
  } else {
    body = (
      <EmptyState
        icon={<UserIcon className="size-7" />}
        title="Sign in to see your profile"
        action={
          <Link to={loginPath(`${pathname}${search}`)} className="btn btn-primary">
            Login
          </Link>
        }
      >
        Your profile lives in your account. Log in, or sign up to create one.
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{own ? "Your Profile · Car Mechanic" : "Profile · Car Mechanic"}</title>
      <p className="eyebrow">Profile</p>
      <h1 className="mt-2 mb-8 font-bold text-3xl text-navy tracking-tight sm:text-4xl">
        {own ? "Your Profile" : "Workshop profile"}
      </h1>
      {body}
    </div>
  );
}
