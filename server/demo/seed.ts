import { addMissingTools } from "#server/catalog/seed";
import type { Db } from "#server/db/database";
import { addMissingReviews } from "#server/reviews/seed";
import { demoReviews, demoTools } from "./demo-data";

export const demoToolImage = (slug: string) => `/images/tools/${slug}.svg`;

/**
 * Adds the demo tools that are missing (by name) and the demo reviews that are missing (by author
 * and text), in one transaction, each through its own domain's insert (catalog, reviews). Seeding
 * again adds nothing; servers starting together also take turns (main.ts, the start-up lock).
 */
export async function seedDemoData(db: Db): Promise<{ tools: number; reviews: number }> {
  // created_at steps by a second so the catalog keeps the demo order.
  const start = Date.now() - demoTools.length * 1000;
  const tools = demoTools.map((t, i) => ({
    name: t.name,
    img: demoToolImage(t.slug),
    description: t.description,
    priceCents: t.priceCents,
    available: t.available,
    minimum: t.minimum,
    increment: t.increment ?? 1,
    maximum: t.maximum ?? null,
    lowStockAt: t.lowStockAt ?? null,
    leadTimeDays: t.leadTimeDays ?? 3,
    priceBreaks: t.priceBreaks ?? [],
    createdAt: new Date(start + i * 1000),
  }));
  return db.transaction(async (tx) => ({
    tools: await addMissingTools(tx, tools),
    reviews: await addMissingReviews(tx, demoReviews),
  }));
}
