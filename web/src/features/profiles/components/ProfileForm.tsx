import { profileKind } from "#contract/profiles";
import { linkInput, OwnRecordForm, RecordInput } from "#web/components/forms/OwnRecordForm";
import { useOwnRecordForm } from "#web/lib/records/own-record-form";
import type { SessionUser } from "#web/lib/session/get-session";
import type { ProfileView } from "../api/get-profile";
import { useSaveProfile } from "../api/save-profile";

type ProfileFormProps = {
  user: SessionUser;
  /** The user's profile when they have one: the form starts from it and saving updates it. */
  existing: ProfileView | null;
};

/** Create Profile: name, email, education, then location, phone, LinkedIn, and a photo. */
export function ProfileForm({ user, existing }: ProfileFormProps) {
  const record = useOwnRecordForm(profileKind, user, existing, useSaveProfile());
  const { form } = record;

  return (
    <OwnRecordForm
      record={record}
      savedPath="/dashboard/myProfile"
      photoHint="A clear photo of you. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB."
    >
      <RecordInput
        form={form}
        name="location"
        label="Location"
        type="text"
        autoComplete="address-level2"
        maxLength={120}
        placeholder="City, country"
      />
      <RecordInput
        form={form}
        name="phone"
        label="Phone"
        hint="Only you and the shop's admins see it."
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={30}
        placeholder="+880 1712 345678"
      />
      <RecordInput
        form={form}
        name="linkedIn"
        label="LinkedIn"
        hint="Your profile link or the id after /in/."
        type="text"
        {...linkInput}
        maxLength={200}
        placeholder="linkedin.com/in/your-name"
      />
    </OwnRecordForm>
  );
}
