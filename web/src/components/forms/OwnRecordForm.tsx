import type { UseMutationResult } from "@tanstack/react-query";
import { type InputHTMLAttributes, type ReactNode, useState } from "react";
import {
  Controller,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";
import { useNavigate } from "react-router";
import type { OwnRecordKind, SavedResponse } from "#contract/profiles";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { controlClass, Field } from "../FormField";
import { FailedAlert } from "./FailedAlert";
import { PhotoField } from "./PhotoField";
import { PhotoSubmitRow } from "./PhotoSubmitRow";

type OwnerFieldsProps = {
  /** `form.register("name")` and `form.register("email")`. */
  name: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  /** Their messages. */
  errors: { name?: string | undefined; email?: string | undefined };
};

/** The owner's name (the account's, to start with) and the account's email, which cannot change here. */
function OwnerFields({ name, email, errors }: OwnerFieldsProps) {
  return (
    <>
      <Field label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            maxLength={120}
            className={controlClass}
            {...name}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email} hint="From your account; it cannot be changed here.">
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            readOnly
            className={controlClass}
            {...email}
          />
        )}
      </Field>
    </>
  );
}

/** What a link's input wants: a URL keyboard, no capitals and no spelling marks. */
export const linkInput = {
  inputMode: "url",
  autoComplete: "url",
  autoCapitalize: "none",
  spellCheck: false,
} as const satisfies InputHTMLAttributes<HTMLInputElement>;

type RecordInputProps<TInput extends FieldValues, TFields> = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "form" | "name" | "className"
> & {
  form: UseFormReturn<TInput, unknown, TFields>;
  name: Path<TInput>;
  label: string;
  hint?: string;
  /** The field's place in the form's grid. */
  className?: string;
};

/** One text input of a record's form (its kind's own fields), with its label, hint and message. */
export function RecordInput<TInput extends FieldValues, TFields>({
  form,
  name,
  label,
  hint,
  className,
  ...input
}: RecordInputProps<TInput, TFields>) {
  const { error } = form.getFieldState(name, form.formState);
  return (
    <Field label={label} error={error?.message} hint={hint} className={className}>
      {(control) => <input {...control} className={controlClass} {...input} {...form.register(name)} />}
    </Field>
  );
}

/** The fields every record has (contract/profiles.ts's OwnRecordKind): the owner's, then the photo. */
type CommonFields = { name: string; email: string; education: string; img: string };

type OwnRecordFormProps<TInput extends FieldValues, TFields> = {
  /** From `useOwnRecordForm` (lib/records/own-record-form.ts). */
  record: {
    /** What the form saves: its word ("Profile") in its name, its button and its toast; its educations. */
    kind: Pick<OwnRecordKind, "noun" | "educations">;
    form: UseFormReturn<TInput, unknown, TFields>;
    /** Creates the user's record, or updates it when there is one. */
    save: UseMutationResult<SavedResponse, Error, TFields>;
    /** The user has one already: the form updates it. */
    updating: boolean;
  };
  /** Where the user goes once it is saved. */
  savedPath: string;
  /** The Education select spans the grid's two columns. */
  wideEducation?: boolean;
  /** What the photo should show. */
  photoHint: string;
  /** The kind's own fields, in the grid after Name, Email and Education. */
  children: ReactNode;
  /** Sections between the grid and the photo (a portfolio's projects). */
  after?: ReactNode;
};

/**
 * The form of a record each user keeps one of (a profile, a portfolio): name, email, education, the
 * kind's own fields and a photo; saves it with the spec's toasts, then shows it; a failure stays
 * under the fields.
 */
export function OwnRecordForm<TInput extends FieldValues, TFields>({
  record: { kind, form, save, updating },
  savedPath,
  wideEducation = false,
  photoHint,
  children,
  after,
}: OwnRecordFormProps<TInput, TFields>) {
  const navigate = useNavigate();
  const [photoBusy, setPhotoBusy] = useState(false);
  const { isSubmitting } = form.formState;
  // Every kind's schema has these fields (useOwnRecordForm's kind).
  const common = form as unknown as UseFormReturn<CommonFields>;
  const { errors } = common.formState;
  const { noun } = kind;
  const word = noun.toLowerCase();

  const onSubmit = form.handleSubmit(async (fields) => {
    try {
      const saved = await save.mutateAsync(fields);
      toast.success(`My ${word} Created Successfully`, {
        description: saved.updated ? "Your changes are saved." : `Your ${word} is ready to share.`,
      });
    } catch (error) {
      toast.error("Failed", { description: errorMessage(error) });
      return;
    }
    await navigate(savedPath);
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`${updating ? "Update" : "Create"} your ${word}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <OwnerFields
          name={common.register("name")}
          email={common.register("email")}
          errors={{ name: errors.name?.message, email: errors.email?.message }}
        />
        <Field
          label="Education"
          error={errors.education?.message}
          className={wideEducation ? "sm:col-span-2" : ""}
        >
          {(control) => (
            <select {...control} className={controlClass} {...common.register("education")}>
              <option value="" disabled>
                Select…
              </option>
              {kind.educations.map((education) => (
                <option key={education} value={education}>
                  {education}
                </option>
              ))}
            </select>
          )}
        </Field>
        {children}
      </div>
      {after}
      <div className="mt-6 border-slate-100 border-t pt-6">
        <Controller
          control={common.control}
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
              hint={photoHint}
            />
          )}
        />
      </div>
      {save.isError && <FailedAlert error={save.error} className="mt-6" />}
      <PhotoSubmitRow
        photoBusy={photoBusy}
        submitting={isSubmitting}
        className="mt-6"
        buttonClassName="sm:min-w-44"
      >
        {isSubmitting ? "Saving…" : `${updating ? "Update" : "Create"} ${noun}`}
      </PhotoSubmitRow>
    </form>
  );
}
