import { z } from "zod";
import { formNumber } from "#contract/fields";
import { checkLot, type LotTool } from "#contract/lot-rules";
import { orderAddressField, orderDateField, orderPhoneField, orderQuantityField } from "#contract/orders";

/**
 * The order form of one tool: the API's own field rules and messages (contract/orders.ts) and the
 * tool's lot rules (contract/lot-rules.ts), the same checks the server makes. The fields carry the
 * browser's standard names (quantity, phone, address) for autofill; the body maps them to the API's.
 * The needed-by date is also checked against the shopper's own today (the server allows for every
 * time zone).
 */
export function orderFormSchema(tool: LotTool, today: string) {
  return z.object({
    quantity: formNumber(
      orderQuantityField.superRefine((quantity, ctx) => {
        // Not refineLot(): its issue path is one array shared by every run, and zod prefixes the
        // field's name onto it in place, so a field-level check nests deeper on each validation.
        const message = checkLot(tool, quantity);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    ),
    phone: orderPhoneField,
    address: orderAddressField,
    neededBy: orderDateField.refine((date) => date >= today, "Choose today or a later date"),
  });
}

export type OrderFormInput = z.input<ReturnType<typeof orderFormSchema>>;
export type OrderFormValues = z.output<ReturnType<typeof orderFormSchema>>;
