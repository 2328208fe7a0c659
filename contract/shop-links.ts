// Where the shop can be found besides this site: its social accounts and its apps. Each is the
// operator's setting (an environment variable, server/config.ts); one that is not set is not shown.

/** The settings, by name: `GET /api/shop-links` sends those that are set. */
export const shopLinkNames = ["facebook", "x", "youtube", "appStore", "googlePlay"] as const;

export type ShopLinkName = (typeof shopLinkNames)[number];

/** `GET /api/shop-links`: an https:// address for each link that is set, and nothing else. */
export type ShopLinks = Partial<Record<ShopLinkName, string>>;
