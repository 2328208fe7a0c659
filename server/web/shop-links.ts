import type { FastifyInstance } from "fastify";
import { shopLinksDocumented } from "../../contract/shop-answers";
import type { ShopLinks } from "../../contract/shop-links";

/**
 * `GET /api/shop-links`: the footer's social and app-store links that are set (server/config.ts). A
 * call like any other, so the server renders the footer with them and the page carries them
 * (decision 023), and the pages it keeps are right until the server restarts with other settings.
 */
export function shopLinksRoutes(app: FastifyInstance, deps: { links: ShopLinks }) {
  app.get(
    "/api/shop-links",
    {
      config: { access: "public" },
      schema: {
        tags: ["Shop"],
        summary: "The shop's social and app-store links that are set",
        response: { 200: shopLinksDocumented },
      },
    },
    async () => deps.links,
  );
}
