import { type Portfolio, portfolioKind } from "#contract/profiles";
import { controlClass, Field } from "#web/components/FormField";
import { linkInput, OwnRecordForm, RecordInput } from "#web/components/forms/OwnRecordForm";
import { useOwnRecordForm } from "#web/lib/records/own-record-form";
import type { SessionUser } from "#web/lib/session/get-session";
import { useSavePortfolio } from "../api/save-portfolio";

type PortfolioFormProps = {
  user: SessionUser;
  /** The user's portfolio when they have one: the form starts from it and saving updates it. */
  existing: Portfolio | null;
};

const projects = [1, 2, 3] as const;

/** Create Portfolio: name, email, education, then skill, three project links, and a photo. */
export function PortfolioForm({ user, existing }: PortfolioFormProps) {
  const record = useOwnRecordForm(portfolioKind, user, existing, useSavePortfolio());
  const { form } = record;
  const { errors } = form.formState;

  const projectLinks = (
    <div className="mt-6 border-slate-100 border-t pt-6">
      <fieldset>
        <legend className="font-semibold text-base text-navy">Projects</legend>
        <p className="mt-1 text-slate-600 text-sm">
          Links to three pieces of your work, starting with https://.
        </p>
        <div className="mt-4 grid gap-5">
          {projects.map((n) => (
            <RecordInput
              key={n}
              form={form}
              name={`project${n}`}
              label={`Project ${n} link`}
              type="url"
              {...linkInput}
              maxLength={500}
              placeholder="https://"
            />
          ))}
        </div>
      </fieldset>
    </div>
  );

  return (
    <OwnRecordForm
      record={record}
      savedPath="/dashboard/portfolio"
      wideEducation
      photoHint="A photo of you or your best work. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB."
      after={projectLinks}
    >
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
    </OwnRecordForm>
  );
}
