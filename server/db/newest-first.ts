import { getTableColumns } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ListQuery } from "../../contract/pagination";
import type { Db } from "./database";
import { cursorKey, inRange, keyset } from "./keyset";
import type { Page } from "./paging";

/** A table listed newest first: its creation time, then its id, in an index (`<table>_created_idx`). */
type CreatedTable = PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn };

/**
 * The admins' list of a table, newest first (accounts, profiles, contact messages): a page by
 * `?page=` or by cursor (decision 013), with the whole table's count.
 */
export function newestFirst<T extends CreatedTable>(table: T, idKind: "uuid" | "text") {
  const order = keyset("desc", [
    [table.createdAt, "timestamp"],
    [table.id, idKind],
  ]);
  return (db: Db, q: ListQuery): Promise<Page<T["$inferSelect"]>> =>
    order.list(
      q,
      (range) =>
        // Drizzle cannot infer a select's row from a generic table: these are the table's columns.
        inRange(
          db
            .select({ ...getTableColumns(table), [cursorKey]: order.key })
            .from(table as PgTable)
            .$dynamic(),
          range,
        ) as PromiseLike<(T["$inferSelect"] & { [cursorKey]: string[] })[]>,
      db.$count(table),
    );
}
