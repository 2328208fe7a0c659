import { useState } from "react";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { PanelHeading } from "#web/components/PanelHeading";
import { Saved, SettingsCard } from "#web/components/SettingsCard";
import { useSearchParams } from "#web/lib/routing/search-params";
import { useSession } from "#web/lib/session/get-session";
import { downloadMyData } from "../api/account-settings";
import { AccessTokens } from "../components/AccessTokens";
import { DeleteAccountForm } from "../components/DeleteAccountForm";
import { EmailForm } from "../components/EmailForm";
import { NameAndPhotoForm } from "../components/NameAndPhotoForm";
import { NotificationToggles } from "../components/NotificationToggles";
import { PasswordForm } from "../components/PasswordForm";

/** /dashboard/account: every user's own account — name and photo, password, email, access tokens, data, deletion. */
export function AccountSettingsPage() {
  const { data: user } = useSession();
  const [searchParams] = useSearchParams();
  const [downloadError, setDownloadError] = useState<unknown>();
  if (!user) return null;
  const emailChanged = searchParams.has("email-changed");
  return (
    <section aria-labelledby="account-settings-heading" className="max-w-3xl space-y-6">
      <title>Account settings · Car Mechanic</title>
      <PanelHeading id="account-settings-heading" title="Account settings">
        Your name, photo, password and email; access tokens for your own software; your data, and your
        account.
      </PanelHeading>
      {emailChanged &&
        (searchParams.has("error") ? (
          <FailedAlert error={new Error("That link is not valid any more: ask for a new one below.")} />
        ) : (
          <Saved>Your account now uses {user.email}.</Saved>
        ))}
      <SettingsCard title="Name and photo">
        <NameAndPhotoForm user={user} />
      </SettingsCard>
      <SettingsCard
        title="Password"
        intro="After the change, every other device signed in to your account is signed out."
      >
        <PasswordForm />
      </SettingsCard>
      <SettingsCard
        title="Email"
        intro="We send a link to the new address; nothing changes until you open it."
      >
        <EmailForm current={user.email} />
      </SettingsCard>
      <NotificationToggles />
      <AccessTokens />
      <SettingsCard
        title="Download my data"
        intro="A JSON file with your account, profile, portfolio, orders and reviews."
      >
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => downloadMyData().then(() => setDownloadError(undefined), setDownloadError)}
        >
          Download my data
        </button>
        {downloadError !== undefined && <FailedAlert error={downloadError} className="mt-3" />}
      </SettingsCard>
      <SettingsCard
        title="Delete my account"
        tone="danger"
        intro="Your profile, portfolio, reviews and photos are erased and you are signed out everywhere. Your orders stay in the shop's books without your name or contact details. Orders still unpaid or waiting to ship must be cancelled or received first."
      >
        <DeleteAccountForm />
      </SettingsCard>
    </section>
  );
}
