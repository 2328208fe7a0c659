import { z } from "zod";
import { pageQuery } from "./pagination";

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

/** Order Now is offered only from this much stock (the spec's rule). */
export const orderNowMinimumStock = 500;

export const descriptionPreviewLength = 25;

/** The first 25 characters of the description followed by two dots. */
export function descriptionPreview(description: string): string {
  return `${description.slice(0, descriptionPreviewLength)}..`;
}

/** "1 piece" / "1,000 pieces". */
export function pieces(count: number): string {
  return `${count.toLocaleString("en-US")} ${count > 1 ? "pieces" : "piece"}`;
}
