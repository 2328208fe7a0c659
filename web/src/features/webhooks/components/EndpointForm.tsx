import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { webhookEndpointBody, webhookUrlMax } from "#contract/webhooks";
import { CheckboxGroup } from "#web/components/forms/CheckboxGroup";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { TextField } from "#web/components/forms/TextField";
import { useCreateEndpoint } from "../api/webhooks";
import { type EndpointFormValues, emptyEndpointForm } from "../endpoint-form";
import { eventOptions } from "../webhook-display";

/** "Add endpoint": its address, its events and a note; `onCreated` gets the secret, shown once. */
export function EndpointForm({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const create = useCreateEndpoint();
  const form = useForm<EndpointFormValues>({
    resolver: zodResolver(webhookEndpointBody),
    mode: "onTouched",
    defaultValues: emptyEndpointForm,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ description, ...body }) => {
    try {
      const created = await create.mutateAsync(description ? { ...body, description } : body);
      onCreated(created.secret, created.url);
      form.reset();
    } catch {
      // Shown under the fields.
    }
  });
  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Add endpoint">
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://erp.example.com/hooks/car-mechanic"
        maxLength={webhookUrlMax}
        error={errors.url?.message}
        {...form.register("url")}
      />
      <CheckboxGroup
        legend="Events"
        options={eventOptions}
        field={form.register("events")}
        error={eventsError}
        listClassName="grid gap-x-6 sm:grid-cols-2"
      />
      <TextField
        label="Description (optional)"
        hint="Whose system it is, e.g. Main Street Garage's stock software"
        maxLength={200}
        error={errors.description?.message}
        {...form.register("description")}
      />
      {create.isError && <FailedAlert error={create.error} />}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? "Adding…" : "Add endpoint"}
      </button>
    </form>
  );
}
