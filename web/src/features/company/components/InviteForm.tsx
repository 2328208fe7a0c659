import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type InvitationInput, invitationBody } from "#contract/companies";
import { controlClass, Field } from "#web/components/FormField";
import { toast } from "#web/lib/toast";
import { useInviteMember } from "../api/company";
import { CompanyForm } from "./CompanyForm";

type Fields = z.output<typeof invitationBody>;

/** A company admin invites someone by email, as a buyer or an admin. */
export function InviteForm({ companyId }: { companyId: string }) {
  const invite = useInviteMember(companyId);
  const form = useForm<InvitationInput, unknown, Fields>({
    resolver: zodResolver(invitationBody),
    mode: "onTouched",
    defaultValues: { email: "", role: "buyer" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await invite.mutateAsync(input);
    } catch {
      return;
    }
    toast.success("Invitation sent", { description: `We emailed ${input.email} a link to join.` });
    form.reset({ email: "", role: input.role });
  });

  return (
    <CompanyForm id="invite-heading" title="Invite a colleague" onSubmit={onSubmit} failed={invite.error}>
      <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start">
        <Field label="Email" error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              className={controlClass}
              {...form.register("email")}
            />
          )}
        </Field>
        <Field label="Role" error={errors.role?.message}>
          {(control) => (
            <select {...control} className={controlClass} {...form.register("role")}>
              <option value="buyer">Buyer</option>
              <option value="admin">Admin</option>
            </select>
          )}
        </Field>
        <button type="submit" className="btn btn-primary sm:mt-7" disabled={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send invitation"}
        </button>
      </div>
    </CompanyForm>
  );
}
