import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type SellerAnswer, type SellerBody, sellerBody } from "#contract/tax";
import { controlClass, Field } from "#web/components/FormField";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useSaveSeller } from "../api/settings";

type SellerValues = Required<SellerBody>;

const empty: SellerValues = { legalName: "", address: "", taxId: "", bankDetails: "" };

/**
 * Seller details: who issues the invoices (legal name, address, tax ID, bank details), printed on
 * every invoice and credit note issued from now on; the contract's rules and messages.
 */
export function SellerForm({ seller }: { seller: SellerAnswer }) {
  const save = useSaveSeller();
  const form = useForm<SellerValues, unknown, SellerValues>({
    resolver: zodResolver(sellerBody),
    mode: "onTouched",
    defaultValues: seller ?? empty,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved ?? values);
      toast.success("Seller details saved");
    } catch (error) {
      toast.error("The seller details were not saved", { description: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Seller details" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Legal name" error={errors.legalName?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register("legalName")}
              type="text"
              autoComplete="organization"
              maxLength={200}
              placeholder="Car Mechanic Supplies LLC"
              className={controlClass}
            />
          )}
        </Field>
        <Field label="Tax ID" error={errors.taxId?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register("taxId")}
              type="text"
              autoComplete="off"
              maxLength={40}
              placeholder="12-3456789"
              className={controlClass}
            />
          )}
        </Field>
        <Field label="Address" error={errors.address?.message}>
          {(control) => (
            <textarea
              {...control}
              {...form.register("address")}
              rows={3}
              autoComplete="street-address"
              maxLength={500}
              placeholder={"1 Garage Road\nSpringfield, IL 62701\nUnited States"}
              className={`${controlClass} resize-y`}
            />
          )}
        </Field>
        <Field label="Bank details" error={errors.bankDetails?.message}>
          {(control) => (
            <textarea
              {...control}
              {...form.register("bankDetails")}
              rows={3}
              autoComplete="off"
              maxLength={500}
              placeholder={"Bank: First Garage Bank\nIBAN / account: …\nSWIFT / routing: …"}
              className={`${controlClass} resize-y`}
            />
          )}
        </Field>
      </div>
      {save.isError && <FailedAlert error={save.error} />}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Save seller details"}
      </button>
    </form>
  );
}
