import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { type CreatedTokenAnswer, createTokenBody, tokenExpiryDaysMax } from "#contract/api-tokens";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { TextField } from "#web/components/forms/TextField";
import { useCreateToken } from "../api/access-tokens";
import { emptyTokenForm, scopeOptions, type TokenFormValues } from "../token-form";

/** Name, scopes and expiry of a new token; `onCreated` gets the answer that carries the token once. */
export function NewTokenForm({ onCreated }: { onCreated: (created: CreatedTokenAnswer) => void }) {
  const create = useCreateToken();
  const id = useId();
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
      <fieldset aria-describedby={scopesError ? `${id}-scopes-error` : undefined}>
        <legend className="block font-semibold text-sm text-steel">What it may do</legend>
        <ul className="mt-1.5 space-y-1">
          {scopeOptions.map(({ scope, label }) => (
            <li key={scope}>
              <label className="flex min-h-11 items-center gap-3 text-slate-700">
                <input
                  type="checkbox"
                  value={scope}
                  className="size-5 shrink-0 accent-orange-600"
                  {...form.register("scopes")}
                />
                <span>
                  {label} <span className="font-mono text-slate-500 text-xs">{scope}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {scopesError && (
          <p id={`${id}-scopes-error`} className="mt-1.5 font-medium text-red-700 text-sm">
            {scopesError}
          </p>
        )}
      </fieldset>
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
