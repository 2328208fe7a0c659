import { and, eq, isNull } from "drizzle-orm";
import { type NewTool, type Tool, type ToolChanges, toolLotProblem } from "#contract/catalog";
import { centsToDollars, dollarsToCents } from "#contract/money";
import type { PageQuery } from "#contract/pagination";
import type { LowStockTool, StockMovement } from "#contract/stock";
import type { Db } from "#server/db/database";
import { isPgError } from "#server/db/errors";
import { type Page, readPage } from "#server/db/paging";
import { badRequest, conflict } from "#server/http/errors";
import { lowStockTools, setLowStockShopUrl } from "./low-stock";
import { breaksInCents, breaksInDollars } from "./pricing";
import { type ToolListView, toolListOrder, toolListWhere } from "./search";
import { adjustStock, insertToolsWithStock, listMovements, type StockAdjustment } from "./stock";
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
    sku: row.sku,
    lowStockAt: row.lowStockAt,
    priceBreaks: breaksInDollars(row.priceBreaks),
  };
}

export const skuTaken = "Another tool already has that SKU";

/** A duplicate SKU (the partial unique index) as a 409; any other error unchanged. */
function skuConflict(err: unknown): unknown {
  return isPgError(err, "uniqueViolation") ? conflict(skuTaken) : err;
}

function priceCentsOf(price: number): number {
  const cents = dollarsToCents(price);
  if (cents === undefined) throw new Error("price has more than two decimals (the contract refuses it)");
  return cents;
}

/** A tool that passed `newToolSchema` as its row (adding one, the CSV import). */
export function toolRowOf(input: NewTool) {
  return {
    name: input.name,
    description: input.description,
    img: input.img,
    priceCents: priceCentsOf(input.price),
    available: input.available,
    minimum: input.minimum,
    maximum: input.maximum ?? null,
    increment: input.increment,
    leadTimeDays: input.leadTimeDays,
    sku: input.sku ?? null,
    lowStockAt: input.lowStockAt ?? null,
    priceBreaks: breaksInCents(input.priceBreaks),
  } satisfies typeof tools.$inferInsert;
}

export type ToolPage = Page<Tool>;

const onSale = isNull(tools.archivedAt);

/** `publicUrl`: the shop's address, for the links in the low-stock message to admins. */
export function createCatalogService(db: Db, options: { publicUrl?: string } = {}) {
  if (options.publicUrl) setLowStockShopUrl(options.publicUrl);
  return {
    /** A page of the tools on sale, searched, filtered and sorted as the query asks. */
    async listTools(q: PageQuery & ToolListView): Promise<ToolPage> {
      const where = toolListWhere(q);
      const { items, total } = await readPage(
        db
          .select()
          .from(tools)
          .where(where)
          .orderBy(...toolListOrder(q)),
        db.$count(tools, where),
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

    /** Adds a tool to the shop with its stock's first movement; the input has passed `newToolSchema`. */
    async createTool(input: NewTool, actorUserId: string | null): Promise<string> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await insertToolsWithStock(tx, [toolRowOf(input)], actorUserId);
          if (!row) throw new Error("createTool: insert returned no row");
          return row.id;
        });
      } catch (err) {
        throw skuConflict(err);
      }
    },

    /**
     * Changes a tool on sale (never its stock: stock.ts); the changes have passed
     * `toolChangesSchema`, and the lot rules are checked on the tool as it would be after them, under
     * the row's lock. Undefined when no tool on sale has that id. Orders keep their own copy of name
     * and unit price, so they are not affected.
     */
    async updateTool(id: string, changes: ToolChanges): Promise<Tool | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(tools)
            .where(and(eq(tools.id, id), onSale))
            .for("update");
          if (!current) return undefined;
          const { price, priceBreaks, ...rest } = changes;
          // The rules on the tool as it would be after the change, in dollars (breaks included).
          const problem = toolLotProblem({
            ...current,
            ...rest,
            price: price ?? centsToDollars(current.priceCents),
            priceBreaks: priceBreaks ?? breaksInDollars(current.priceBreaks),
          });
          if (problem) throw badRequest(problem.message);
          const next = {
            ...rest,
            ...(price === undefined ? {} : { priceCents: priceCentsOf(price) }),
            ...(priceBreaks === undefined ? {} : { priceBreaks: breaksInCents(priceBreaks) }),
          };
          const [row] = await tx
            .update(tools)
            .set({ ...next, updatedAt: new Date() })
            .where(eq(tools.id, id))
            .returning();
          return row && toApiTool(row);
        });
      } catch (err) {
        throw skuConflict(err);
      }
    },

    /** An admin's restock, correction or write-off (stock.ts `adjustStock`). */
    adjustStock(id: string, adjustment: StockAdjustment) {
      return adjustStock(db, id, adjustment);
    },

    /** A page of the movements of a tool on sale, newest first; undefined when there is no such tool. */
    async listMovements(id: string, q: PageQuery): Promise<Page<StockMovement> | undefined> {
      const [tool] = await db
        .select({ id: tools.id })
        .from(tools)
        .where(and(eq(tools.id, id), onSale));
      return tool && listMovements(db, id, q);
    },

    /** The tools on sale at or below their low-stock level and the sold-out ones, the emptiest first. */
    async listLowStock(): Promise<LowStockTool[]> {
      const rows = await lowStockTools(db);
      return rows.map((t) => ({
        _id: t.id,
        name: t.name,
        sku: t.sku,
        available: t.available,
        lowStockAt: t.lowStockAt,
      }));
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
