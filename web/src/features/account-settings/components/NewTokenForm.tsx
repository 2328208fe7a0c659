import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type CreatedTokenAnswer, createTokenBody, tokenExpiryDaysMax } from "#contract/api-tokens";
import { CheckboxGroup } from "#web/components/forms/CheckboxGroup";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { TextField } from "#web/components/forms/TextField";
import { useCreateToken } from "../api/access-tokens";
import { emptyTokenForm, scopeOptions, type TokenFormValues } from "../token-form";

/** Name, scopes and expiry of a new token; `onCreated` gets the answer that carries the token once. */
export function NewTokenForm({ onCreated }: { onCreated: (created: CreatedTokenAnswer) => void }) {
  const create = useCreateToken();
  const form = useForm<TokenFormValues>({
    resolver: zodResolver(createTokenBody),
    mode: "onTouched",
    defaultValues: emptyTokenForm,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      onCreated(await create.mutateAsync(body));
      form.reset();
    } catch {
      // Shown under the fields.
    }
  });
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="New access token">
      <TextField
        label="Name"
        hint="What uses it, e.g. Stock software"
        autoComplete="off"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <CheckboxGroup
        legend="What it may do"
        options={scopeOptions}
        field={form.register("scopes")}
        error={scopesError}
        listClassName="space-y-1"
      />
      <div className="max-w-48">
        <TextField
          label="Expires in (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={tokenExpiryDaysMax}
          error={errors.expiresInDays?.message}
          {...form.register("expiresInDays", { valueAsNumber: true })}
        />
      </div>
      {create.isError && <FailedAlert error={create.error} />}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? "Creating…" : "Create token"}
      </button>
    </form>
  );
}
