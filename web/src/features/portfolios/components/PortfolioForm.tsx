import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { portfolioEducations } from "../../../../../contract/choices";
import { type Portfolio, type PortfolioInput, portfolioSchema } from "../../../../../contract/profiles";
import { controlClass, Field } from "../../../components/FormField";
import { AlertIcon } from "../../../components/icons";
import { errorMessage } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import type { SessionUser } from "../../auth/api/get-session";
import { PhotoField } from "../../uploads/components/PhotoField";
import { type PortfolioFields, useSavePortfolio } from "../api/save-portfolio";

type PortfolioFormProps = {
  user: SessionUser;
  /** The user's portfolio when they have one: the form starts from it and saving updates it. */
  existing: Portfolio | null;
};

const projects = [1, 2, 3] as const;

/** Create Portfolio: checked with the server's schema (contract/profiles.ts), the spec's messages. */
export function PortfolioForm({ user, existing }: PortfolioFormProps) {
  const navigate = useNavigate();
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
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (portfolio) => {
    try {
      const saved = await save.mutateAsync(portfolio);
      toast.success("My portfolio Created Successfully", {
        description: saved.updated ? "Your changes are saved." : "Your portfolio is ready to share.",
      });
    } catch (error) {
      toast.error("Failed", { description: errorMessage(error) });
      return;
    }
    await navigate("/dashboard/portfolio");
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={existing ? "Update your portfolio" : "Create your portfolio"}
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
          {isSubmitting ? "Saving…" : existing ? "Update Portfolio" : "Create Portfolio"}
        </button>
      </div>
    </form>
  );
}
