import { companyMessages } from "#contract/companies";
import type { PaymentMethod } from "#contract/order-status";
import { paymentMethodField, poNumberField } from "#contract/orders";
import { ApiError } from "#web/lib/api";
import type { BuyingTerms } from "./buying-terms";

// An order's company terms as the order form and the checkout take them (issue 27): the PO number
// (required when the buyer's company says so) and, for a company with payment terms, paying on
// account. The same field rules as the server's (contract/orders.ts).

/** Whether these terms let the buyer choose to pay on account (an approved company with terms > 0). */
export function offersAccount(terms: BuyingTerms | null | undefined): boolean {
  return (terms?.paymentTermsDays ?? 0) > 0;
}

/** The form fields `poNumber` and `paymentMethod`, to spread into a form's zod object. */
export function orderTermsFields(terms: BuyingTerms | null | undefined) {
  const poRequired = terms?.poRequired ?? false;
  const account = offersAccount(terms);
  return {
    poNumber: poNumberField.superRefine((poNumber, ctx) => {
      if (poRequired && poNumber === undefined)
        ctx.addIssue({ code: "custom", message: companyMessages.poRequired });
    }),
    paymentMethod: paymentMethodField.refine(
      (method) => method === "card" || account,
      companyMessages.accountNotOffered,
    ),
  };
}

/** The form's starting values of these fields: no PO number, paid by card. */
export const orderTermsDefaults: { poNumber: string; paymentMethod: PaymentMethod } = {
  poNumber: "",
  paymentMethod: "card",
};

/** What the order form and the checkout say of paying once "Pay on account" is chosen. */
export const accountOrderNote = "On account, nothing is paid now: the order is due after it ships.";

/** "Due 30 days after shipping": when an order on account is due, under "Pay on account". */
export function accountDueHint(paymentTermsDays: number): string {
  return `Due ${paymentTermsDays} ${paymentTermsDays === 1 ? "day" : "days"} after shipping`;
}

const refusedFields: Record<string, "poNumber" | "paymentMethod"> = {
  [companyMessages.poRequired]: "poNumber",
  [companyMessages.accountNotOffered]: "paymentMethod",
  [companyMessages.overCreditLimit]: "paymentMethod",
  [companyMessages.overdueBlocks]: "paymentMethod",
};

/**
 * The field a refusal of the shop's is about, when it refused the order for its company terms (400:
 * PO number required; 409: past the credit limit, an amount overdue, no account): shown there.
 */
export function termsRefusalField(error: unknown): "poNumber" | "paymentMethod" | undefined {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return undefined;
  return Object.hasOwn(refusedFields, error.message) ? refusedFields[error.message] : undefined;
}
