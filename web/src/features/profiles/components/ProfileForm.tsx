import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { profileEducations } from "../../../../../contract/choices";
import { type ProfileInput, profileSchema } from "../../../../../contract/profiles";
import { controlClass, Field } from "../../../components/FormField";
import { AlertIcon } from "../../../components/icons";
import { errorMessage } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import type { SessionUser } from "../../auth/api/get-session";
import { PhotoField } from "../../uploads/components/PhotoField";
import type { ProfileView } from "../api/get-profile";
import { type ProfileFields, useSaveProfile } from "../api/save-profile";

type ProfileFormProps = {
  user: SessionUser;
  /** The user's profile when they have one: the form starts from it and saving updates it. */
  existing: ProfileView | null;
};

/** Create Profile: checked with the server's schema (contract/profiles.ts), the spec's messages. */
export function ProfileForm({ user, existing }: ProfileFormProps) {
  const navigate = useNavigate();
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
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (profile) => {
    try {
      const saved = await save.mutateAsync(profile);
      toast.success("My profile Created Successfully", {
        description: saved.updated ? "Your changes are saved." : "Your profile is ready to share.",
      });
    } catch (error) {
      toast.error("Failed", { description: errorMessage(error) });
      return;
    }
    await navigate("/dashboard/myProfile");
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={existing ? "Update your profile" : "Create your profile"}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="name"
              maxLength={120}
              className={controlClass}
              {...form.register("name")}
            />
          )}
        </Field>
        <Field
          label="Email"
          error={errors.email?.message}
          hint="From your account; it cannot be changed here."
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              readOnly
              className={controlClass}
              {...form.register("email")}
            />
          )}
        </Field>
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

      {save.isError && (
        <p
          role="alert"
          className="mt-6 flex items-start gap-2 rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm ring-1 ring-red-200"
        >
          <AlertIcon className="mt-px size-5 shrink-0" />
          <span>
            <span className="font-semibold">Failed:</span> {errorMessage(save.error)}
          </span>
        </p>
      )}

      <div className="mt-6 flex flex-col-reverse gap-3 border-slate-100 border-t pt-6 sm:flex-row sm:items-center sm:justify-end">
        {photoBusy && <p className="text-slate-600 text-sm">Wait for the photo to finish uploading.</p>}
        <button type="submit" className="btn btn-primary sm:min-w-44" disabled={isSubmitting || photoBusy}>
          {isSubmitting ? "Saving…" : existing ? "Update Profile" : "Create Profile"}
        </button>
      </div>
    </form>
  );
}
