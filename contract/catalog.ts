import { z } from "zod";
import { formNumber, numberError, requiredText } from "./fields";
import { dollarsToCents, formatDollars } from "./money";
import { pageQuery } from "./pagination";
import { type BreaksOfTool, priceBreaksProblem } from "./price-breaks";
import { toolSearchMaxLength, toolSorts } from "./tool-search";
import { imageUrlField } from "./uploads";

// A tool as the API sends it: its schema is the web app's too, in zod/mini (answers.ts).
export { type Tool, toolSchema } from "./answers";

/** `GET /api/service?page=&limit=&q=&sort=&orderable=`: an empty `q` is no search. */
export const toolListQuery = pageQuery.extend({
  q: z
    .string({ error: "q must be one piece of text" })
    .trim()
    .max(toolSearchMaxLength, `q must be at most ${toolSearchMaxLength} characters`)
    .optional()
    .transform((q) => q || undefined),
  sort: z.enum(toolSorts, { error: `sort must be one of ${toolSorts.join(", ")}` }).optional(),
  orderable: z
    .enum(["true", "false"], { error: "orderable must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});
export type ToolListQuery = z.output<typeof toolListQuery>;

export const toolIdParams = z.object({
  id: z.uuid({ error: "That is not a valid tool id" }),
});

// Display rules live in a zod-free module so pages can use them without loading zod.
export { descriptionPreview, descriptionPreviewLength, orderNowMinimumStock, pieces } from "./tool-display";

/** Upper bounds that keep a tool's numbers well inside the database's integers. */
export const toolLimits = {
  name: 120,
  description: 4000,
  pieces: 100_000_000,
  price: 1_000_000,
  leadTimeDays: 365,
  sku: 64,
} as const;

const piecesField = (label: string, required: string, least: 0 | 1 = 1) =>
  z
    .number(numberError(required, `${label} must be a number`))
    .int(`${label} must be a whole number`)
    .min(least, least === 0 ? `${label} can't be negative` : `${label} must be at least 1`)
    .max(toolLimits.pieces, `${label} must be at most ${toolLimits.pieces.toLocaleString("en-US")}`);

/**
 * A price sent as text (a form field, a CSV cell, a JSON string) is written "12" or "12.50": digits
 * with a point only between digits, no exponent ("1e3"), no lone point ("5.", ".5"), no spaces.
 */
const priceNotation = /^-?\d+(\.\d+)?$/;

const priceField = z
  .number(numberError("Price Required", "Price must be a number"))
  .positive("Price must be more than 0")
  .min(0.01, `Price must be at least ${formatDollars(0.01)}`)
  .max(toolLimits.price, `Price must be at most ${formatDollars(toolLimits.price)}`)
  .refine((p) => dollarsToCents(p) !== undefined, "Use at most two decimals for the price");

const leadTimeField = z
  .number(numberError("Lead time Required", "Lead time must be a number"))
  .int("Lead time must be a whole number of days")
  .min(0, "Lead time can't be negative")
  .max(toolLimits.leadTimeDays, `Lead time must be at most ${toolLimits.leadTimeDays} days`);

const lowStockField = z
  .number(numberError("Low stock level Required", "Low stock level must be a number"))
  .int("Low stock level must be a whole number")
  .min(0, "Low stock level can't be negative")
  .max(toolLimits.pieces, `Low stock level must be at most ${toolLimits.pieces.toLocaleString("en-US")}`);

/** A part number: trimmed; empty means none. */
const skuField = z
  .string({ error: "The SKU must be text" })
  .trim()
  .max(toolLimits.sku, `The SKU must be at most ${toolLimits.sku} characters`)
  .regex(/^[^\s]*$/, "The SKU can't contain spaces");

/** Optional on a form: empty (or null from JSON) means none. */
const optionalSku = z
  .preprocess((v) => (v === null ? undefined : v), skuField.optional())
  .transform((s) => s || undefined);

/** What the lot rules and price breaks need to hold for any tool, added or edited (price in dollars). */
type ToolLots = BreaksOfTool & { increment: number };

/**
 * The first lot constraint `t` breaks, with its field: the lot rules, then the price breaks
 * (contract/price-breaks.ts); undefined when it holds them all.
 */
export function toolLotProblem(t: ToolLots): { message: string; path: (string | number)[] } | undefined {
  if (t.maximum != null && t.maximum < t.minimum) {
    return { message: "Maximum can't be less than minimum", path: ["maximum"] };
  }
  if (t.minimum % t.increment !== 0) {
    return { message: "Minimum must be a multiple of the increment", path: ["minimum"] };
  }
  return priceBreaksProblem(t);
}

/**
 * A tool's volume price breaks as sent (`[{ minQuantity, price }]`, price a piece in dollars, in
 * increasing quantity). Only the shape here: the rules between the breaks and the tool, each naming
 * its break, are `priceBreaksProblem`'s (through `toolLotProblem`).
 */
const priceBreaksField = z.array(
  z.object(
    {
      minQuantity: formNumber(z.number({ error: "Each price break needs a quantity (minQuantity)" })),
      price: formNumber(z.number({ error: "Each price break needs a price" }), priceNotation),
    },
    { error: "A price break is { minQuantity, price }" },
  ),
  { error: "priceBreaks must be a list of { minQuantity, price }" },
);

/** Every field of a tool, each with its rules and the spec's messages. */
const toolFields = {
  name: requiredText("Name Required", toolLimits.name),
  description: requiredText("Description Required", toolLimits.description),
  available: formNumber(piecesField("Available", "Availabilie Required")),
  minimum: formNumber(piecesField("Minimum", "Minimum Required")),
  price: formNumber(priceField, priceNotation),
  img: imageUrlField,
  maximum: formNumber(piecesField("Maximum", "Maximum Required").optional()),
  increment: formNumber(piecesField("Increment", "Increment Required").default(1)),
  leadTimeDays: formNumber(leadTimeField.default(3)),
  sku: optionalSku,
  lowStockAt: formNumber(lowStockField.optional()),
  priceBreaks: priceBreaksField.default([]),
};

const lotRules = (t: ToolLots, ctx: z.RefinementCtx) => {
  const problem = toolLotProblem(t);
  if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
};

/** The Add A Tools form and `POST /api/service`, with the spec's messages. */
export const newToolSchema = z
  .object(toolFields)
  .refine((t) => t.minimum <= t.available, {
    message: "Minimum can't be more than available",
    path: ["minimum"],
  })
  .superRefine(lotRules);
export type NewToolInput = z.input<typeof newToolSchema>;
export type NewTool = z.output<typeof newToolSchema>;

/**
 * A tool already in the shop with all its fields given (its row in the catalog file): the rules of
 * adding one, except its stock, which orders and corrections may take to 0 (sold out, or under its
 * minimum), as they do in the shop.
 */
export const listedToolSchema = z
  .object({
    ...toolFields,
    available: formNumber(piecesField("Available", "Availabilie Required", 0)),
  })
  .superRefine(lotRules);

/** null (JSON) or an empty form field: the setting is cleared. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? null : v), formNumber(schema).nullable());

export const stockNotEditable =
  "The stock changes only through restocks and corrections (POST /api/service/{id}/stock)";

/**
 * `PATCH /api/service/{id}`: any of the fields of adding one, each with the same rules, except the
 * stock (`available`), which changes only through the stock ledger. `null` clears maximum, sku and
 * lowStockAt. The lot constraints are checked by the server on the tool as it would be after the
 * change (`toolLotProblem`).
 */
export const toolChangesSchema = z
  .object({
    name: requiredText("Name Required", toolLimits.name).optional(),
    description: requiredText("Description Required", toolLimits.description).optional(),
    minimum: formNumber(piecesField("Minimum", "Minimum Required").optional()),
    price: formNumber(priceField.optional(), priceNotation),
    img: imageUrlField.optional(),
    maximum: clearable(piecesField("Maximum", "Maximum Required")).optional(),
    increment: formNumber(piecesField("Increment", "Increment Required").optional()),
    leadTimeDays: formNumber(leadTimeField.optional()),
    sku: z
      .preprocess((v) => (v === "" ? null : v), skuField.nullable())
      .transform((s) => s || null)
      .optional(),
    lowStockAt: clearable(lowStockField).optional(),
    /** The whole list, replacing the tool's; `[]` or null removes them all. */
    priceBreaks: z.preprocess((v) => (v === null ? [] : v), priceBreaksField).optional(),
    available: z.undefined({ error: stockNotEditable }).optional(),
  })
  .transform(({ available: _, ...changes }) => changes);
export type ToolChangesInput = z.input<typeof toolChangesSchema>;
export type ToolChanges = z.output<typeof toolChangesSchema>;

/** `POST /api/import/tools` (admin): a CSV file in the multipart form's field `file`. */
export const catalogFileBody = z.object({
  file: z.string().meta({ format: "binary", description: "The catalog as CSV (the columns of the export)" }),
});

/** 200 from `POST /api/import/tools`: how many tools the file added, changed and left as they were. */
export const importToolsAnswer = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The rows of the file whose new tool got the placeholder photo (no photo given). */
  placeholderPhotoRows: z.array(z.number().int()),
});

/** 400 from `POST /api/import/tools`: nothing was changed; each row's problems (absent when the file could not be read). */
export const importToolsRefusal = z.object({
  error: z.string(),
  rows: z.optional(z.array(z.object({ row: z.number().int(), messages: z.array(z.string()) }))),
});
