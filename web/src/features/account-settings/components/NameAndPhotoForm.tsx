import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { nameField } from "#contract/accounts";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { PhotoField } from "#web/components/forms/PhotoField";
import { TextField } from "#web/components/forms/TextField";
import { Saved } from "#web/components/SettingsCard";
import type { SessionUser } from "#web/lib/session/get-session";
import { useUpdateAccount } from "../api/account-settings";

const nameAndPhoto = z.object({ name: nameField, image: z.string() });

/** The name (the sign-up form's rules) and the account's photo, uploaded to the shop. */
export function NameAndPhotoForm({ user }: { user: SessionUser }) {
  const update = useUpdateAccount();
  const [photoBusy, setPhotoBusy] = useState(false);
  const form = useForm({
    resolver: zodResolver(nameAndPhoto),
    mode: "onTouched",
    defaultValues: { name: user.name, image: user.image?.startsWith("/uploads/") ? user.image : "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ name, image }) => {
    try {
      await update.mutateAsync({ name, image: image === "" ? null : image });
      form.reset({ name, image });
    } catch {
      // Shown under the fields.
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register("name")} />
      <Controller
        control={form.control}
        name="image"
        render={({ field, fieldState }) => (
          <PhotoField
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={fieldState.error?.message}
            onBusyChange={setPhotoBusy}
            shape="portrait"
            label="Photo"
            hint="Optional. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB."
          />
        )}
      />
      {update.isError && <FailedAlert error={update.error} />}
      {update.isSuccess && !form.formState.isDirty && <Saved>Your name and photo are saved.</Saved>}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting || photoBusy}>
        {isSubmitting ? "Saving…" : "Save name and photo"}
      </button>
    </form>
  );
}
