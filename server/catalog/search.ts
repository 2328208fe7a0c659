import { and, asc, desc, gte, isNull, type SQL, sql } from "drizzle-orm";
import type { ToolListQuery } from "#contract/catalog";
import { orderNowMinimumStock } from "#contract/tool-display";
import type { ToolSort } from "#contract/tool-search";
import { toolSearchDocument, toolSearchText, tools } from "./tables";

// The tool list's ?q=, ?sort= and ?orderable=. A search is full-text (stems: "wrenches" finds
// "Wrench") OR trigram word similarity (typos: "torqe" finds "Torque", part numbers); both read the
// expressions the GIN indexes of tables.ts are built on, so the indexes serve them.

const onSale = isNull(tools.archivedAt);

/** The list's search, filter and sort; each absent in the default view. */
export type ToolListView = Partial<Pick<ToolListQuery, "q" | "sort" | "orderable">>;

export function isDefaultView({ q, sort, orderable }: ToolListView): boolean {
  return q === undefined && sort === undefined && !orderable;
}

/** The rows a list query keeps: on sale, matching the search, orderable now when asked. */
export function toolListWhere({ q, orderable }: ToolListView): SQL | undefined {
  return and(
    onSale,
    q === undefined ? undefined : matches(q),
    orderable ? gte(tools.available, orderNowMinimumStock) : undefined,
  );
}

function matches(q: string): SQL {
  // `<%`: word_similarity(q, text) at or above pg_trgm.word_similarity_threshold (0.6). A part
  // number matches from its start, in any case.
  const skuStart = `${q.replace(/[\\%_]/g, "\\$&")}%`;
  return sql`(${toolSearchDocument(tools)} @@ websearch_to_tsquery('english', ${q})
    or ${q} <% ${toolSearchText(tools)} or ${tools.sku} ilike ${skuStart})`;
}

const sortOrders: Record<ToolSort | "catalog", SQL[]> = {
  catalog: [asc(tools.createdAt), asc(tools.name)],
  name: [asc(tools.name), asc(tools.id)],
  price: [asc(tools.priceCents), asc(tools.name), asc(tools.id)],
  "-price": [desc(tools.priceCents), asc(tools.name), asc(tools.id)],
  newest: [desc(tools.createdAt), asc(tools.name), asc(tools.id)],
};

/** The list's order: the chosen sort; else, for a search, best match first (name before description). */
export function toolListOrder({ q, sort }: ToolListView): SQL[] {
  if (sort || q === undefined) return sortOrders[sort ?? "catalog"];
  return [
    desc(sql`word_similarity(${q}, ${tools.name})`),
    desc(sql`ts_rank(${toolSearchDocument(tools)}, websearch_to_tsquery('english', ${q}))`),
    ...sortOrders.catalog,
  ];
}
