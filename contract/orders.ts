import { z } from "zod";
import { neededByProblem, shopToday } from "./delivery-dates";
import { formNumber, uuidParams } from "./fields";
import { checkLot, type LotTool } from "./lot-rules";
import { orderStatuses, paymentMethods } from "./order-status";
import { listQuery } from "./pagination";
import { deliveryRegionFields } from "./tax";

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a YYYY-MM-DD string naming a day that exists (no 2025-02-30). */
export function isRealDate(value: string): boolean {
  const m = isoDatePattern.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export const orderQuantityField = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? "Enter how many pieces you need"
        : "Enter the quantity as a number of pieces",
  })
  .int("Order a whole number of pieces");

export const orderPhoneField = z
  .string({ error: "Phone Number Required" })
  .trim()
  .min(1, "Phone Number Required")
  .regex(/^[0-9 +\-()]+$/, "Use only digits, spaces, +, - and ( ) in the phone number")
  .min(7, "Enter a phone number of at least 7 characters")
  .max(20, "Enter a phone number of at most 20 characters")
  .refine((v) => v.replace(/\D/g, "").length >= 7, "Enter a phone number with at least 7 digits");

export const orderAddressField = z
  .string({ error: "Address is Required" })
  .trim()
  .min(1, "Address is Required")
  .min(5, "Enter the full delivery address")
  .max(300, "Use at most 300 characters for the address");

export const orderDateField = z
  .string({ error: "Choose the date you need the order by" })
  .trim()
  .min(1, "Choose the date you need the order by")
  .regex(isoDatePattern, "Enter the date as YYYY-MM-DD")
  .refine(isRealDate, "That date does not exist")
  // Today in the shop's time zone (delivery-dates.ts); each tool's lead time is checked with its tool.
  .refine((d) => d >= shopToday(), "Choose today or a later date");

export const poNumberLimit = 40;

/**
 * The buyer's purchase-order number (issue 27): optional, 1-40 characters once trimmed; an empty
 * field is no PO number. Required when the buyer's company says so (checked by the server with the
 * company: `companyMessages.poRequired`).
 */
export const poNumberField = z
  .string({ error: "Enter the PO number as text" })
  .trim()
  .max(poNumberLimit, `Use at most ${poNumberLimit} characters for the PO number`)
  .optional()
  .transform((v) => v || undefined);

/** "card" (the default: paid by card before shipping) or "account" (a company with payment terms). */
export const paymentMethodField = z
  .enum(paymentMethods, { error: 'paymentMethod must be "card" or "account"' })
  .optional()
  .transform((v) => v ?? "card");

/**
 * POST /api/order. The spec's body plus the phone. The spec's client also sends orderName,
 * orderEmail, orderProduct and orderPrice: accepted and ignored, the server takes them from the
 * session and the tool.
 */
export const orderBody = z.object({
  orderId: z.uuid({
    error: (issue) => (issue.input === undefined ? "Choose a tool to order" : "That is not a valid tool id"),
  }),
  orderMinimum: orderQuantityField,
  orderPhone: orderPhoneField,
  orderAddress: orderAddressField,
  orderDate: orderDateField,
  poNumber: poNumberField,
  paymentMethod: paymentMethodField,
  /** The delivery address's country (ISO code, the shop's by default) and region: they choose the tax rate. */
  ...deliveryRegionFields,
  orderName: z.unknown().optional(),
  orderEmail: z.unknown().optional(),
  orderProduct: z.unknown().optional(),
  orderPrice: z.unknown().optional(),
});
export type OrderBody = z.input<typeof orderBody>;

/**
 * The order form of one tool (the web's): the body's own field rules and messages and the tool's lot
 * rules (lot-rules.ts), the same checks the server makes. The fields carry the browser's standard
 * names (quantity, phone, address) for autofill; the web maps them to the body's. The needed-by date
 * is checked against the tool's lead time from `today` (the shop's today, delivery-dates.ts), as the
 * server checks it.
 */
export function orderFormSchema(tool: LotTool & { leadTimeDays: number }, today: string) {
  return z.object({
    quantity: formNumber(
      orderQuantityField.superRefine((quantity, ctx) => {
        // Not refineLot(): a field-level check needs no path, and the message is all it adds.
        const message = checkLot(tool, quantity);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    ),
    phone: orderPhoneField,
    address: orderAddressField,
    neededBy: orderDateField.superRefine((date, ctx) => {
      const message = neededByProblem(tool.leadTimeDays, date, today);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
  });
}

export type OrderFormInput = z.input<ReturnType<typeof orderFormSchema>>;
export type OrderFormValues = z.output<ReturnType<typeof orderFormSchema>>;

/** One line of an order as the API sends it (`lines` of an order); money in dollars. */
export const orderLine = z.object({
  toolId: z.string(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** The price a piece the order was placed at. */
  unitPrice: z.number(),
  /** unitPrice × quantity, counted in cents (before tax). */
  lineTotal: z.number(),
  /** The line's tax rate in percent, its label, and its tax (lineTotal × rate, rounded half-up in cents). */
  taxRate: z.number(),
  taxLabel: z.string(),
  tax: z.number(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** An order as the API sends it. Prices in dollars: orderPrice per piece, total for the lot. */
export const orderSchema = z.object({
  _id: z.string(),
  /** The number a person reads and says on the phone, "CM-10482" (order-number.ts). */
  orderNumber: z.string(),
  /** The tool's id (the spec's name). */
  orderId: z.string(),
  orderName: z.string(),
  orderEmail: z.string(),
  orderPhone: z.string(),
  orderAddress: z.string(),
  /** The needed-by date, YYYY-MM-DD. */
  orderDate: z.string(),
  orderProduct: z.string(),
  orderPrice: z.number(),
  /** The quantity ordered (the spec's name). */
  orderMinimum: z.number().int(),
  /** What the buyer pays: the sum of the lines' totals and their tax (dollars). */
  total: z.number(),
  /** The lines' totals before tax, and their tax (total = subtotal + tax). */
  subtotal: z.number(),
  tax: z.number(),
  /** The tax per rate: its label, rate in percent, the amount it is charged on, and the tax. */
  taxes: z.array(z.object({ label: z.string(), rate: z.number(), net: z.number(), tax: z.number() })),
  /** The delivery address's country (ISO code) and region. */
  country: z.string(),
  region: z.string(),
  /** The buyer's company was tax-exempt: why; otherwise null. */
  taxExemptReason: z.string().nullable(),
  /** Its invoice's number once issued (paid by card, or shipped on account), and its credit note's once cancelled after it. */
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  /** Every line, 1 to 500 (line 1 is the single-product fields above). */
  lines: z.array(orderLine),
  /** Paid by card (a card order paid or shipped); an on-account order is settled by the company's balance. */
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  paymentMethod: z.enum(paymentMethods),
  /** The buyer's purchase-order number, or null. */
  poNumber: z.string().nullable(),
  /** The company the order was placed for (its buyer was a member then), or null. */
  companyId: z.string().nullable(),
  /** The day the order was shipped (YYYY-MM-DD, the shop's time zone); null before. */
  shippedOn: z.string().nullable(),
  /** An on-account order once shipped: the day its amount is due (YYYY-MM-DD); otherwise null. */
  dueOn: z.string().nullable(),
  status: z.enum(orderStatuses),
  createdAt: z.string(),
  /** An unpaid order: when it is cancelled and its stock released if still unpaid (ISO); otherwise null. */
  expiresAt: z.string().nullable(),
  /** A cancelled order: why ("Not paid within 48 hours", "Removed by an admin"); otherwise null. */
  cancelReason: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/order, GET /api/allOrder, GET /api/companies/{id}/orders: a page of orders. */
export const orderListAnswer = z.array(orderSchema);

/** 201 from POST /api/order and POST /api/checkout: the spec's insertedId, and the order as stored. */
export const placeOrderAnswer = z.object({ insertedId: z.string(), order: orderSchema });
export type PlaceOrderResponse = z.infer<typeof placeOrderAnswer>;

/**
 * The `Idempotency-Key` header of a request that places an order (or starts a payment): a retry
 * with the same key and body within 24 hours gets the first answer, and nothing is done twice.
 */
export const idempotencyKeyHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: "1 to 255 visible ASCII characters, such as a UUID; a retry sends the same key" }),
});

const statusFilter = z
  .enum(orderStatuses, { error: "status must be one of pending, paid, shipped, cancelled" })
  .optional();

/** GET /api/order: the caller's orders, newest first; orderEmail, when given, must be the caller's. */
export const myOrdersQuery = listQuery.extend({
  orderEmail: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => v || undefined),
  status: statusFilter,
});

/**
 * GET /api/companies/{id}/orders (issue 27: the company's admins, the shop's admins): every order of
 * the company, whoever of it placed it, newest first; pages and `?status=` as GET /api/order's.
 */
export const companyOrdersQuery = listQuery.extend({ status: statusFilter });

/** The statuses of `?status=`, repeated (`?status=pending&status=paid`) or comma-separated (`?status=pending,paid`). */
const statusList = z
  .preprocess(
    (value) =>
      value === undefined
        ? undefined
        : [value].flat().flatMap((v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()) : [v])),
    z
      .array(
        z.enum(orderStatuses, {
          error: (issue) =>
            `status ${JSON.stringify(issue.input)} is not one of pending, paid, shipped, cancelled`,
        }),
      )
      .optional(),
  )
  .transform((statuses) => (statuses === undefined ? undefined : [...new Set(statuses)]));

/**
 * GET /api/allOrder (admin): every order, newest first; `?status=` keeps those of any of the given
 * statuses (`?status=pending&status=paid`, or `?status=pending,paid`: the orders still to act on);
 * `?q=` finds orders by number ("CM-10482"), id, buyer email or the start of the product's name, and
 * by PO number (whole, any case).
 */
export const allOrdersQuery = listQuery.extend({
  status: statusList,
  q: z
    .string()
    .trim()
    .max(254, "Search for at most 254 characters")
    .optional()
    .transform((v) => v || undefined),
});

export const orderIdParams = uuidParams("That is not a valid order id");

/** PATCH /api/order/{id}: the gateway's payment id. The spec's client also sends orderId: ignored. */
export const markPaidBody = z.object({
  transactionId: z
    .string({ error: "Send the payment's transactionId" })
    .trim()
    .min(1, "Send the payment's transactionId")
    .max(255, "That is not a valid transactionId"),
});

/** PUT /api/allOrder/{id} answers the spec's shape; DELETE answers { deletedCount }. */
export const shipOrderAnswer = z.object({ acknowledged: z.literal(true) });
export type ShipOrderResponse = z.infer<typeof shipOrderAnswer>;
export const cancelOrderAnswer = z.object({ deletedCount: z.number().int() });
export type CancelOrderResponse = z.infer<typeof cancelOrderAnswer>;

/** The days the export's filters name: PostgreSQL has no year 0, and a date's year has four digits. */
export const exportDays = { first: "0001-01-01", last: "9999-12-31" } as const;

const exportDay = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date like 2026-01-31` })
    .refine(
      (day) => day >= exportDays.first,
      `${name} must be between ${exportDays.first} and ${exportDays.last}`,
    )
    .optional();

/** `GET /api/export/orders.csv?status=&from=&to=`: the orders placed on those days (UTC), both included. */
export const ordersExportQuery = z
  .object({ status: statusList, from: exportDay("from"), to: exportDay("to") })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must not be after to",
    path: ["from"],
  });
export type OrdersExportQuery = z.output<typeof ordersExportQuery>;
