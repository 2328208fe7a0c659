import { profileEducations } from "#contract/choices";
import { profileKind } from "#contract/profiles";
import { controlClass, Field } from "#web/components/FormField";
import { OwnRecordForm } from "#web/components/forms/OwnRecordForm";
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
  const save = useSaveProfile();
  const form = useOwnRecordForm(profileKind, user, existing);
  const { errors } = form.formState;

  return (
    <OwnRecordForm
      noun="Profile"
      form={form}
      save={save}
      updating={existing !== null}
      savedPath="/dashboard/myProfile"
      educations={profileEducations}
      photoHint="A clear photo of you. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB."
    >
      <Field label="Location" error={errors.location?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="address-level2"
            maxLength={120}
            placeholder="City, country"
            className={controlClass}
            {...form.register("location")}
          />
        )}
      </Field>
      <Field label="Phone" error={errors.phone?.message} hint="Only you and the shop's admins see it.">
        {(control) => (
          <input
            {...control}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={30}
            placeholder="+880 1712 345678"
            className={controlClass}
            {...form.register("phone")}
          />
        )}
      </Field>
      <Field label="LinkedIn" error={errors.linkedIn?.message} hint="Your profile link or the id after /in/.">
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={200}
            placeholder="linkedin.com/in/your-name"
            className={controlClass}
            {...form.register("linkedIn")}
          />
        )}
      </Field>
    </OwnRecordForm>
  );
}
