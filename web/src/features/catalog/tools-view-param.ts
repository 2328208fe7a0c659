import { isToolSort, type ToolSort, toolSearchMaxLength } from "#contract/tool-search";
import type { ToolsView } from "#web/lib/catalog/get-tools";

export const toolsPath = "/tools";

/** The /tools page's search, sort and filter from its address; anything unknown is left out. */
export function parseToolsView(params: URLSearchParams): ToolsView {
  const q = params.get("q")?.trim().slice(0, toolSearchMaxLength) || undefined;
  const sort = params.get("sort");
  return {
    q,
    sort: isToolSort(sort) ? sort : undefined,
    orderable: params.get("orderable") === "true",
  };
}

/** The address of the first page of a view (a new search or sort starts again at page 1). */
export function toolsViewHref({ q, sort, orderable }: ToolsView): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort) params.set("sort", sort);
  if (orderable) params.set("orderable", "true");
  const query = params.toString();
  return query ? `${toolsPath}?${query}` : toolsPath;
}

export const sortLabels: Record<ToolSort | "", string> = {
  "": "Catalogue order",
  name: "Name, A to Z",
  price: "Price, low to high",
  "-price": "Price, high to low",
  newest: "Newest first",
};
