import { z } from "zod";
import { formNumber, numberError, requiredText } from "./fields";
import { dollarsToCents } from "./money";
import { pageQuery } from "./pagination";
import { imageUrlField } from "./uploads";

/** A tool as the API sends it (the spec's "service"); price in dollars. */
export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  minimum: z.number().int(),
  maximum: z.number().int().nullable(),
  increment: z.number().int(),
  available: z.number().int(),
  leadTimeDays: z.number().int(),
  description: z.string(),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListQuery = pageQuery;

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
} as const;

const piecesField = (label: string, required: string) =>
  z
    .number(numberError(required, `${label} must be a number`))
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(toolLimits.pieces, `${label} must be at most ${toolLimits.pieces.toLocaleString("en-US")}`);

/** The Add A Tools form and `POST /api/service`, with the spec's messages. */
export const newToolSchema = z
  .object({
    name: requiredText("Name Required", toolLimits.name),
    description: requiredText("Description Required", toolLimits.description),
    available: formNumber(piecesField("Available", "Availabilie Required")),
    minimum: formNumber(piecesField("Minimum", "Minimum Required")),
    price: formNumber(
      z
        .number(numberError("Price Required", "Price must be a number"))
        .positive("Price must be more than 0")
        .min(0.01, "Price must be at least $0.01")
        .max(toolLimits.price, `Price must be at most $${toolLimits.price.toLocaleString("en-US")}`)
        .refine((p) => dollarsToCents(p) !== undefined, "Use at most two decimals for the price"),
    ),
    img: imageUrlField,
    maximum: formNumber(piecesField("Maximum", "Maximum Required").optional()),
    increment: formNumber(piecesField("Increment", "Increment Required").default(1)),
    leadTimeDays: formNumber(
      z
        .number(numberError("Lead time Required", "Lead time must be a number"))
        .int("Lead time must be a whole number of days")
        .min(0, "Lead time can't be negative")
        .max(toolLimits.leadTimeDays, `Lead time must be at most ${toolLimits.leadTimeDays} days`)
        .default(3),
    ),
  })
  .refine((t) => t.minimum <= t.available, {
    message: "Minimum can't be more than available",
    path: ["minimum"],
  })
  .refine((t) => t.maximum === undefined || t.maximum >= t.minimum, {
    message: "Maximum can't be less than minimum",
    path: ["maximum"],
  })
  .refine((t) => t.minimum % t.increment === 0, {
    message: "Minimum must be a multiple of the increment",
    path: ["minimum"],
  });
export type NewToolInput = z.input<typeof newToolSchema>;
export type NewTool = z.output<typeof newToolSchema>;
