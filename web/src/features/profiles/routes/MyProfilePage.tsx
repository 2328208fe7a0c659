import { PanelHeading } from "#web/components/PanelHeading";
import { Spinner } from "#web/components/Spinner";
import { useSession } from "#web/lib/session/get-session";
import { OwnProfile } from "../components/OwnProfile";

/** /dashboard/myProfile: the signed-in user's profile. */
export function MyProfilePage() {
  const user = useSession().data;
  return (
    <section aria-labelledby="my-profile-heading" className="max-w-3xl">
      <title>My Profile · Car Mechanic</title>
      <PanelHeading id="my-profile-heading" title="My Profile">
        How your profile looks. Email and phone are shown only to you and the shop's admins.
      </PanelHeading>
      {user ? <OwnProfile userId={user.id} /> : <Spinner label="Loading your profile…" />}
    </section>
  );
}
