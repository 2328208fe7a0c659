import { and, asc, eq, isNull } from "drizzle-orm";
import type { NewTool, Tool } from "#contract/catalog";
import { centsToDollars, dollarsToCents } from "#contract/money";
import type { PageQuery } from "#contract/pagination";
import type { Db } from "#server/db/database";
import { isPgError } from "#server/db/errors";
import { type Page, readPage } from "#server/db/paging";
import { tools } from "./tables";

type ToolRow = typeof tools.$inferSelect;

export function toApiTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    price: centsToDollars(row.priceCents),
    minimum: row.minimum,
    maximum: row.maximum,
    increment: row.increment,
    available: row.available,
    leadTimeDays: row.leadTimeDays,
    description: row.description,
  };
}

export type ToolPage = Page<Tool>;

const onSale = isNull(tools.archivedAt);

export function createCatalogService(db: Db) {
  return {
    async listTools(q: PageQuery): Promise<ToolPage> {
      const { items, total } = await readPage(
        db.select().from(tools).where(onSale).orderBy(asc(tools.createdAt), asc(tools.name)),
        db.$count(tools, onSale),
        q,
      );
      return { items: items.map(toApiTool), total };
    },

    /** A tool on sale, or undefined. */
    async getTool(id: string): Promise<Tool | undefined> {
      const [row] = await db
        .select()
        .from(tools)
        .where(and(eq(tools.id, id), onSale));
      return row ? toApiTool(row) : undefined;
    },

    /** Adds a tool to the shop; the input has passed `newToolSchema`. */
    async createTool(input: NewTool): Promise<string> {
      const priceCents = dollarsToCents(input.price);
      if (priceCents === undefined) throw new Error("createTool: price has more than two decimals");
      const [row] = await db
        .insert(tools)
        .values({
          name: input.name,
          description: input.description,
          img: input.img,
          priceCents,
          available: input.available,
          minimum: input.minimum,
          maximum: input.maximum ?? null,
          increment: input.increment,
          leadTimeDays: input.leadTimeDays,
        })
        .returning({ id: tools.id });
      if (!row) throw new Error("createTool: insert returned no row");
      return row.id;
    },

    /**
     * Takes a tool off the shop: deleted when nothing refers to it, otherwise archived so the orders
     * of it keep their tool. Orders' foreign key (`on delete restrict`) is what refuses the delete, so
     * catalog never reads orders' table. Undefined when no tool on sale has that id.
     */
    async removeTool(id: string): Promise<"deleted" | "archived" | undefined> {
      const thisTool = and(eq(tools.id, id), onSale);
      try {
        const deleted = await db.delete(tools).where(thisTool).returning({ id: tools.id });
        if (deleted.length > 0) return "deleted";
      } catch (err) {
        // Orders refer to it (placed before, or while we deleted): archive instead.
        if (!isPgError(err, "foreignKeyViolation")) throw err;
      }
      const now = new Date();
      const archived = await db
        .update(tools)
        .set({ archivedAt: now, updatedAt: now })
        .where(thisTool)
        .returning({ id: tools.id });
      return archived.length > 0 ? "archived" : undefined;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
