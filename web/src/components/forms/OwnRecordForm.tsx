import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import type { SavedResponse } from "#contract/profiles";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { controlClass, Field } from "../FormField";
import { FailedAlert } from "./FailedAlert";
import { PhotoSubmitRow } from "./PhotoSubmitRow";

type OwnerFieldsProps = {
  /** `form.register("name")` and `form.register("email")`. */
  name: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  /** Their messages. */
  errors: { name?: string | undefined; email?: string | undefined };
};

/** The owner's name (the account's, to start with) and the account's email, which cannot change here. */
export function OwnerFields({ name, email, errors }: OwnerFieldsProps) {
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

type OwnRecordFormProps<TInput extends FieldValues, TFields> = {
  /** What the form saves ("Profile"): the word in its name, its button and its toast. */
  noun: "Profile" | "Portfolio";
  form: UseFormReturn<TInput, unknown, TFields>;
  /** Creates the user's record, or updates it when there is one. */
  save: UseMutationResult<SavedResponse, Error, TFields>;
  /** The user has one already: the form updates it. */
  updating: boolean;
  /** Where the user goes once it is saved. */
  savedPath: string;
  /** The form's photo is still uploading. */
  photoBusy: boolean;
  /** The fields. */
  children: ReactNode;
};

/**
 * The form of a record each user keeps one of (a profile, a portfolio): saves it with the spec's
 * toasts, then shows it; a failure stays under the fields.
 */
export function OwnRecordForm<TInput extends FieldValues, TFields>({
  noun,
  form,
  save,
  updating,
  savedPath,
  photoBusy,
  children,
}: OwnRecordFormProps<TInput, TFields>) {
  const navigate = useNavigate();
  const { isSubmitting } = form.formState;
  const word = noun.toLowerCase();

  const onSubmit = form.handleSubmit(async (record) => {
    try {
      const saved = await save.mutateAsync(record);
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
      {children}
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
