import { z } from "zod";

// The stock ledger (GET/POST /api/service/{id}/stock): every change of a tool's stock, with why.

/** Why a tool's stock changed. `initial` is the stock a tool was added with. */
export const stockReasons = ["initial", "order", "release", "restock", "correction", "damaged"] as const;
export type StockReason = (typeof stockReasons)[number];

/** The reasons an admin gives by hand (the others are written by the shop itself). */
export const manualStockReasons = [
  "restock",
  "correction",
  "damaged",
] as const satisfies readonly StockReason[];
export type ManualStockReason = (typeof manualStockReasons)[number];

export const stockReasonLabels: Record<StockReason, string> = {
  initial: "Added with the tool",
  order: "Order placed",
  release: "Order cancelled",
  restock: "Restock",
  correction: "Correction",
  damaged: "Damaged",
};

export const stockNoteMaxLength = 500;
const maxChange = 100_000_000;

/** `POST /api/service/{id}/stock`: a restock adds, damage takes away, a correction either. */
export const stockChangeSchema = z
  .object({
    change: z
      .number({ error: "Enter the change as a whole number of pieces" })
      .int("Enter the change as a whole number of pieces")
      .min(-maxChange, "That change is too large")
      .max(maxChange, "That change is too large")
      .refine((n) => n !== 0, "The change can't be 0"),
    reason: z.enum(manualStockReasons, { error: `reason must be one of ${manualStockReasons.join(", ")}` }),
    note: z
      .string({ error: "The note must be text" })
      .trim()
      .max(stockNoteMaxLength, `The note must be at most ${stockNoteMaxLength} characters`)
      .optional()
      .transform((n) => n || undefined),
  })
  .refine((s) => s.reason !== "restock" || s.change > 0, {
    message: "A restock adds pieces: enter a positive number",
    path: ["change"],
  })
  .refine((s) => s.reason !== "damaged" || s.change < 0, {
    message: "Damaged pieces are taken away: enter a negative number",
    path: ["change"],
  });
export type StockChangeInput = z.input<typeof stockChangeSchema>;
export type StockChange = z.output<typeof stockChangeSchema>;

/** A movement as the API sends it. */
export const stockMovementAnswer = z.object({
  id: z.string(),
  change: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockReasons),
  orderId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementAnswer>;

/** `GET /api/service/{id}/stock` (admin): a page of the tool's movements, newest first. */
export const stockMovementListAnswer = z.array(stockMovementAnswer);

/** 201 from `POST /api/service/{id}/stock`: the movement written and the tool's stock after it. */
export const stockAdjustedAnswer = z.object({ movement: stockMovementAnswer, available: z.number().int() });

/** `GET /api/service/low-stock` (admin): a tool at or below its low-stock level, or sold out (with a level or without). */
export const lowStockToolAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  available: z.number().int(),
  lowStockAt: z.number().int().nullable(),
});
export type LowStockTool = z.infer<typeof lowStockToolAnswer>;
export const lowStockListAnswer = z.array(lowStockToolAnswer);
