import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type CompanyApplication, companyApplication, companyLimits } from "#contract/companies";
import { controlClass, Field } from "#web/components/FormField";
import { useApplyForCompany } from "../api/company";
import { CompanyForm } from "./CompanyForm";

type Fields = z.output<typeof companyApplication>;

/** The application for a company account: name, tax ID and address; the shop approves it. */
export function ApplyForm() {
  const apply = useApplyForCompany();
  const form = useForm<CompanyApplication, unknown, Fields>({
    resolver: zodResolver(companyApplication),
    mode: "onTouched",
    defaultValues: { name: "", taxId: "", address: "" },
  });
  const { errors, isSubmitting } = form.formState;

  // The page then shows the company, pending: that is the confirmation.
  const onSubmit = form.handleSubmit(async (input) => {
    await apply.mutateAsync(input).catch(() => undefined);
  });

  return (
    <CompanyForm
      id="apply-heading"
      title="Apply for a company account"
      onSubmit={onSubmit}
      failed={apply.error}
    >
      <p className="mt-1 text-slate-600">
        Order for your workshop with your colleagues, on the terms the shop agrees with you. You become the
        company's admin.
      </p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <Field label="Company name" error={errors.name?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="organization"
              maxLength={companyLimits.name}
              className={controlClass}
              {...form.register("name")}
            />
          )}
        </Field>
        <Field label="Tax ID" error={errors.taxId?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={companyLimits.taxId}
              className={controlClass}
              {...form.register("taxId")}
            />
          )}
        </Field>
        <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              autoComplete="street-address"
              maxLength={companyLimits.address}
              className={`${controlClass} resize-y`}
              {...form.register("address")}
            />
          )}
        </Field>
      </div>
      <button
        type="submit"
        className="btn btn-primary mt-6 w-full sm:w-auto sm:min-w-40"
        disabled={isSubmitting}
      >
        {isSubmitting ? "Sending…" : "Apply"}
      </button>
    </CompanyForm>
  );
}
