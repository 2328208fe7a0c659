import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { profileEducations } from "#contract/choices";
import { type ProfileInput, profileSchema } from "#contract/profiles";
import { controlClass, Field } from "#web/components/FormField";
import { OwnerFields, OwnRecordForm } from "#web/components/forms/OwnRecordForm";
import { PhotoField } from "#web/components/forms/PhotoField";
import type { SessionUser } from "#web/lib/session/get-session";
import type { ProfileView } from "../api/get-profile";
import { type ProfileFields, useSaveProfile } from "../api/save-profile";

type ProfileFormProps = {
  user: SessionUser;
  /** The user's profile when they have one: the form starts from it and saving updates it. */
  existing: ProfileView | null;
};

/** Create Profile: checked with the server's schema (contract/profiles.ts), the spec's messages. */
export function ProfileForm({ user, existing }: ProfileFormProps) {
  const save = useSaveProfile();
  const [photoBusy, setPhotoBusy] = useState(false);
  const form = useForm<ProfileInput, unknown, ProfileFields>({
    resolver: zodResolver(profileSchema),
    mode: "onTouched",
    defaultValues: {
      name: existing?.name ?? user.name,
      email: user.email,
      education: (existing?.education ?? "") as ProfileInput["education"],
      location: existing?.location ?? "",
      phone: existing?.phone ?? "",
      linkedIn: existing?.linkedIn ?? "",
      img: existing?.img ?? "",
    },
  });
  const { errors } = form.formState;

  return (
    <OwnRecordForm
      noun="Profile"
      form={form}
      save={save}
      updating={existing !== null}
      savedPath="/dashboard/myProfile"
      photoBusy={photoBusy}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <OwnerFields
          name={form.register("name")}
          email={form.register("email")}
          errors={{ name: errors.name?.message, email: errors.email?.message }}
        />
        <Field label="Education" error={errors.education?.message}>
          {(control) => (
            <select {...control} className={controlClass} {...form.register("education")}>
              <option value="" disabled>
                Select…
              </option>
              {profileEducations.map((education) => (
                <option key={education} value={education}>
                  {education}
                </option>
              ))}
            </select>
          )}
        </Field>
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
        <Field
          label="LinkedIn"
          error={errors.linkedIn?.message}
          hint="Your profile link or the id after /in/."
        >
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
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="img"
            render={({ field, fieldState }) => (
              <PhotoField
                name={field.name}
                value={field.value ?? ""}
                onChange={field.onChange}
                inputRef={field.ref}
                error={fieldState.error?.message}
                onBusyChange={setPhotoBusy}
                shape="portrait"
                hint="A clear photo of you. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB."
              />
            )}
          />
        </div>
      </div>
    </OwnRecordForm>
  );
}
