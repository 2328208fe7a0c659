import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { portfolioEducations } from "#contract/choices";
import { type Portfolio, type PortfolioInput, portfolioSchema } from "#contract/profiles";
import { controlClass, Field } from "#web/components/FormField";
import { OwnerFields, OwnRecordForm } from "#web/components/forms/OwnRecordForm";
import { PhotoField } from "#web/components/forms/PhotoField";
import type { SessionUser } from "#web/lib/session/get-session";
import { type PortfolioFields, useSavePortfolio } from "../api/save-portfolio";

type PortfolioFormProps = {
  user: SessionUser;
  /** The user's portfolio when they have one: the form starts from it and saving updates it. */
  existing: Portfolio | null;
};

const projects = [1, 2, 3] as const;

/** Create Portfolio: checked with the server's schema (contract/profiles.ts), the spec's messages. */
export function PortfolioForm({ user, existing }: PortfolioFormProps) {
  const save = useSavePortfolio();
  const [photoBusy, setPhotoBusy] = useState(false);
  const form = useForm<PortfolioInput, unknown, PortfolioFields>({
    resolver: zodResolver(portfolioSchema),
    mode: "onTouched",
    defaultValues: {
      name: existing?.name ?? user.name,
      email: user.email,
      education: (existing?.education ?? "") as PortfolioInput["education"],
      skill: existing?.skill ?? "",
      project1: existing?.project1 ?? "",
      project2: existing?.project2 ?? "",
      project3: existing?.project3 ?? "",
      img: existing?.img ?? "",
    },
  });
  const { errors } = form.formState;

  return (
    <OwnRecordForm
      noun="Portfolio"
      form={form}
      save={save}
      updating={existing !== null}
      savedPath="/dashboard/portfolio"
      photoBusy={photoBusy}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <OwnerFields
          name={form.register("name")}
          email={form.register("email")}
          errors={{ name: errors.name?.message, email: errors.email?.message }}
        />
        <Field label="Education" error={errors.education?.message} className="sm:col-span-2">
          {(control) => (
            <select {...control} className={controlClass} {...form.register("education")}>
              <option value="" disabled>
                Select…
              </option>
              {portfolioEducations.map((education) => (
                <option key={education} value={education}>
                  {education}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Skill"
          error={errors.skill?.message}
          hint="What you are good at: engine diagnostics, bodywork, auto electrics…"
          className="sm:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={500}
              className={`${controlClass} resize-y`}
              {...form.register("skill")}
            />
          )}
        </Field>
      </div>

      <div className="mt-6 border-slate-100 border-t pt-6">
        <fieldset>
          <legend className="font-semibold text-base text-navy">Projects</legend>
          <p className="mt-1 text-slate-600 text-sm">
            Links to three pieces of your work, starting with https://.
          </p>
          <div className="mt-4 grid gap-5">
            {projects.map((n) => {
              const name = `project${n}` as const;
              return (
                <Field key={name} label={`Project ${n} link`} error={errors[name]?.message}>
                  {(control) => (
                    <input
                      {...control}
                      type="url"
                      inputMode="url"
                      autoComplete="url"
                      autoCapitalize="none"
                      spellCheck={false}
                      maxLength={500}
                      placeholder="https://"
                      className={controlClass}
                      {...form.register(name)}
                    />
                  )}
                </Field>
              );
            })}
          </div>
        </fieldset>
      </div>

      <div className="mt-6 border-slate-100 border-t pt-6">
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
              hint="A photo of you or your best work. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB."
            />
          )}
        />
      </div>
    </OwnRecordForm>
  );
}
