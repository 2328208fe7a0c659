import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { Tool } from "../../contract/catalog";
import { centsToDollars } from "../../contract/money";
import type { PageQuery } from "../../contract/pagination";
import type { Db } from "../db/database";
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

export type ToolPage = { items: Tool[]; total: number };

const onSale = isNull(tools.archivedAt);

export function createCatalogService(db: Db) {
  return {
    async listTools({ page, limit }: PageQuery): Promise<ToolPage> {
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(tools)
          .where(onSale)
          .orderBy(asc(tools.createdAt), asc(tools.name))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(tools).where(onSale),
      ]);
      return { items: rows.map(toApiTool), total: totalRow?.total ?? 0 };
    },

    /** A tool on sale, or undefined. */
    async getTool(id: string): Promise<Tool | undefined> {
      const [row] = await db
        .select()
        .from(tools)
        .where(and(eq(tools.id, id), onSale));
      return row ? toApiTool(row) : undefined;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
