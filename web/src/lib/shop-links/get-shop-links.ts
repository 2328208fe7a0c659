import { useQuery } from "@tanstack/react-query";
import { apiJson, lazySchema } from "../api";

/** The links that are set, each an https:// address; anything else in the answer is left out. */
const shopLinksSchema = lazySchema(() => import("#contract/answers").then((a) => a.shopLinksAnswer));

/**
 * The shop's social and app-store links that its operator has set (GET /api/shop-links). The server
 * renders them into its pages, whose data the app starts from: asked again only on pages drawn in
 * the browser.
 */
export function useShopLinks() {
  return useQuery({
    queryKey: ["shop", "links"],
    queryFn: ({ signal }) => apiJson("/api/shop-links", shopLinksSchema, { signal }),
    // The server's settings do not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
