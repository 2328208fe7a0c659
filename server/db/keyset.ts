import { type AnyColumn, and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { ListQuery } from "../../contract/pagination";
import { badRequest } from "../http/errors";
import type { Page, PageLink } from "./paging";

// Keyset (cursor) pagination (decision 013): a list is read in the order of an index whose last
// column is the id, and a page starts after (or before) the sort key of a row, so a page costs the
// same at any depth. `?page=` stays for the spec's clients (OFFSET, the old way).

/**
 * How a key column travels in a cursor. A timestamp goes as UTC text to the microsecond (a JS Date
 * has milliseconds only, which would skip or repeat rows); uuids and timestamps in this form sort as
 * text the way PostgreSQL sorts them, which `mergeBranches` relies on.
 */
type KeyKind = "timestamp" | "date" | "uuid" | "text";

const keyFormats: Record<
  KeyKind,
  { select: (c: AnyColumn) => SQL; cast: string; valid: (v: string) => boolean }
> = {
  timestamp: {
    select: (c) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: "timestamptz",
    // The round trip refuses dates the calendar lacks (February 30th), and the year must be 0001 or
    // later (PostgreSQL has no year 0): PostgreSQL would refuse either with a 500.
    valid: (v) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) &&
      !v.startsWith("0000") &&
      !Number.isNaN(Date.parse(v)) &&
      new Date(v).toISOString().slice(0, 23) === v.slice(0, 23),
  },
  // A day (YYYY-MM-DD) sorts as text the way PostgreSQL sorts dates.
  date: {
    select: (c) => sql`to_char(${c}, 'YYYY-MM-DD')`,
    cast: "date",
    valid: (v) =>
      /^\d{4}-\d{2}-\d{2}$/.test(v) &&
      !v.startsWith("0000") &&
      !Number.isNaN(Date.parse(v)) &&
      new Date(v).toISOString().slice(0, 10) === v,
  },
  uuid: {
    select: (c) => sql`${c}::text`,
    cast: "uuid",
    valid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
  },
  // PostgreSQL's text holds no NUL.
  text: {
    select: (c) => sql`${c}::text`,
    cast: "text",
    valid: (v) => v.length <= 500 && !v.includes("\u0000"),
  },
};

/** The field each row read by a keyset carries: its sort key, for the cursors of the page's ends. */
export const cursorKey = "cursorKey";

/** What one read of a page asks for: its condition, order and size (add them to the list's own query). */
export type Range = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

type Direction = "next" | "prev";
type Cursor = { d: Direction; k: string[] };
/** A range and the cursor it was read from (undefined in page mode). */
export type CursorRange = Range & { cursor?: Cursor };

const cursorShape = z.object({ d: z.enum(["next", "prev"]), k: z.array(z.string()) });

export const invalidCursor = () => badRequest("That cursor is not valid; start again from the first page");

export type Keyset = ReturnType<typeof keyset>;

/**
 * A list's order: its columns (the last one unique, the id), all ascending or all descending, as an
 * index has them. `key` goes into the list's select as `cursorKey`.
 */
export function keyset(order: "asc" | "desc", columns: readonly (readonly [AnyColumn, KeyKind])[]) {
  const tuple = sql.join(
    columns.map(([c]) => sql`${c}`),
    sql`, `,
  );
  const key = sql<string>`json_build_array(${sql.join(
    columns.map(([c, kind]) => keyFormats[kind].select(c)),
    sql`, `,
  )})::text`.mapWith((v: string) => JSON.parse(v) as string[]);

  function decode(raw: string): Cursor {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    } catch {
      throw invalidCursor();
    }
    const cursor = cursorShape.safeParse(parsed);
    if (
      !cursor.success ||
      cursor.data.k.length !== columns.length ||
      !columns.every(([, kind], i) => keyFormats[kind].valid(cursor.data.k[i] ?? ""))
    ) {
      throw invalidCursor();
    }
    return cursor.data;
  }

  /** The rows strictly after (`next`) or before (`prev`) the key, in the list's order. */
  function beyond({ d, k }: Cursor): SQL {
    const values = sql.join(
      columns.map(([, kind], i) => sql`${k[i]}::${sql.raw(keyFormats[kind].cast)}`),
      sql`, `,
    );
    const forward = (d === "next") === (order === "asc");
    return forward ? sql`(${tuple}) > (${values})` : sql`(${tuple}) < (${values})`;
  }

  const sorted = (ascending: boolean) => columns.map(([c]) => (ascending ? asc(c) : desc(c)));

  return {
    key,

    /** The range to read for a query: `limit + 1` rows (the extra one says whether more follow). */
    range(q: ListQuery): CursorRange {
      if (q.cursor === undefined) {
        return {
          where: undefined,
          orderBy: sorted(order === "asc"),
          limit: q.limit + 1,
          offset: (q.page - 1) * q.limit,
        };
      }
      const cursor = decode(q.cursor);
      const reading = cursor.d === "next" ? order === "asc" : order !== "asc";
      return { cursor, where: beyond(cursor), orderBy: sorted(reading), limit: q.limit + 1, offset: 0 };
    },

    /**
     * The page of rows read for `q` (in the order read: backwards for a `prev` cursor), with the
     * links to the next and previous pages.
     */
    page<Row extends { [cursorKey]: string[] }>(
      q: ListQuery,
      { cursor }: CursorRange,
      rows: Row[],
      total: number,
    ): Page<Omit<Row, typeof cursorKey>> {
      const more = rows.length > q.limit;
      const read = rows.slice(0, q.limit);
      const items = cursor?.d === "prev" ? read.reverse() : read;
      const first = items[0];
      const last = items.at(-1);
      const link = (d: Direction, row: Row | undefined): PageLink | undefined =>
        row && { cursor: encodeCursor({ d, k: row[cursorKey] }) };
      let next: PageLink | undefined;
      let prev: PageLink | undefined;
      if (cursor?.d === "prev") {
        next = link("next", last);
        prev = more ? link("prev", first) : undefined;
      } else {
        next = more ? link("next", last) : undefined;
        prev = cursor ? link("prev", first) : q.page > 1 ? { page: q.page - 1 } : undefined;
      }
      return {
        items: items.map(({ [cursorKey]: _key, ...item }) => item),
        total,
        ...(next && { next }),
        ...(prev && { prev }),
      };
    },

    /**
     * The page of a list for `q`: `read` adds the range to the list's own query (its where, with
     * `and`; its order, limit and offset), `total` counts the whole list, both at once.
     */
    async list<Row extends { [cursorKey]: string[] }>(
      q: ListQuery,
      read: (range: CursorRange) => PromiseLike<Row[]>,
      total: PromiseLike<number>,
    ): Promise<Page<Omit<Row, typeof cursorKey>>> {
      const range = this.range(q);
      const [rows, count] = await Promise.all([read(range), total]);
      return this.page(q, range, rows, count);
    },

    /**
     * Reads one range per branch (one index range each, e.g. one per status) and merges them in the
     * list's order, `range.limit` rows in all: PostgreSQL cannot read `status IN (…)` in another
     * column's order from one index. The branches go as ONE query (`UNION ALL` of the parenthesised
     * ranges, each still one index range), so a list holds one pooled connection and one round trip
     * whatever the number of branches. Keys compare as text (timestamps and uuids only).
     */
    async mergeBranches<Row extends { [cursorKey]: string[] }>(
      range: CursorRange,
      branches: (range: Range) => PromiseLike<Row[]>[],
    ): Promise<Row[]> {
      // Page mode: each branch reads up to the end of the page, the merge skips to its start.
      const each = { ...range, limit: range.offset + range.limit, offset: 0 };
      const [first, ...rest] = branches(each);
      if (!first) return [];
      // Drizzle's set operations are typed per select; the branches share one selection by construction.
      const union = rest.reduce<unknown>((all, branch) => (all as UnionBranch).unionAll(branch), first);
      const rows = await (union as PromiseLike<Row[]>);
      const reading = range.cursor?.d === "prev" ? order !== "asc" : order === "asc";
      rows.sort((a, b) => compareKeys(a[cursorKey], b[cursorKey]) * (reading ? 1 : -1));
      return rows.slice(range.offset, range.offset + range.limit);
    },
  };
}

/** A list's select (`.$dynamic()`), with its own condition, read over a range. */
/** A branch of `mergeBranches`: a select (`inRange`) that can be put in a `UNION ALL` with the others. */
type UnionBranch = { unionAll(other: unknown): unknown };

export function inRange<Q extends PgSelect>(query: Q, range: Range, own?: SQL): Q {
  return query
    .where(and(own, range.where))
    .orderBy(...range.orderBy)
    .limit(range.limit)
    .offset(range.offset);
}

function compareKeys(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? "";
    const y = b[i] ?? "";
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}
