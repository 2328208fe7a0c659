import { count, inArray } from "drizzle-orm";
import type { Db } from "../db/database";
import { reviews } from "../reviews/tables";
import { demoReviews, demoTools } from "./demo-catalog";
import { tools } from "./tables";

export const demoToolImage = (slug: string) => `/images/tools/${slug}.svg`;

/** Adds the demo tools that are missing (by name) and, when there are no reviews, the demo reviews. */
export async function seedDemoData(db: Db): Promise<{ tools: number; reviews: number }> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ name: tools.name })
      .from(tools)
      .where(
        inArray(
          tools.name,
          demoTools.map((t) => t.name),
        ),
      );
    const have = new Set(existing.map((t) => t.name));
    const missing = demoTools.filter((t) => !have.has(t.name));
    // created_at steps by a second so the catalog keeps the demo order.
    const start = Date.now() - demoTools.length * 1000;
    if (missing.length > 0) {
      await tx.insert(tools).values(
        missing.map((t) => ({
          name: t.name,
          img: demoToolImage(t.slug),
          description: t.description,
          priceCents: t.priceCents,
          available: t.available,
          minimum: t.minimum,
          increment: t.increment ?? 1,
          maximum: t.maximum ?? null,
          leadTimeDays: t.leadTimeDays ?? 3,
          createdAt: new Date(start + demoTools.indexOf(t) * 1000),
        })),
      );
    }
    const [reviewCount] = await tx.select({ n: count() }).from(reviews);
    const addReviews = (reviewCount?.n ?? 0) === 0;
    if (addReviews) await tx.insert(reviews).values(demoReviews);
    return { tools: missing.length, reviews: addReviews ? demoReviews.length : 0 };
  });
}

/** True when the shop has never had a tool: the first start of a new database. */
export async function catalogIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tools);
  return (row?.n ?? 0) === 0;
}
