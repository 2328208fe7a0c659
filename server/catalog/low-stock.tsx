import { and, asc, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import { recordWebhookEvent } from "#server/webhooks/events";
import { Facts, MailLayout } from "../mail/templates/layout";
import { enqueueToAdmins } from "../mail/templates/to-admins";
import { tools } from "./tables";

type CrossedTool = {
  id: string;
  name: string;
  sku: string | null;
  available: number;
  lowStockAt: number | null;
};

// Where the message's button points. The shop's address is configuration (PUBLIC_URL), set once by
// the app (app.ts): stock changes happen deep inside other domains' statements (an order placed),
// which have no reason to carry it.
let shopUrl = "http://localhost:3000";

/** The shop's public address, for the links in the low-stock message. */
export function setLowStockShopUrl(url: string): void {
  shopUrl = url;
}

/**
 * The low-stock event: a change took `tool`'s stock from above its low-stock level to or below it.
 * Tells every admin who has not turned "low-stock" messages off, once per crossing (`movementId`,
 * the change that crossed), in the transaction of the change, and records the `stock.low` webhook
 * event (one per crossing too). The one hook for low-stock messages.
 */
export async function lowStockCrossed(tx: Db | Tx, tool: CrossedTool, movementId: string): Promise<void> {
  await recordWebhookEvent(tx, "stock.low", movementId, {
    toolId: tool.id,
    sku: tool.sku,
    name: tool.name,
    available: tool.available,
    lowStockAt: tool.lowStockAt,
  });
  await enqueueToAdmins(tx, "low-stock", {
    about: `${tool.id}:${movementId}`,
    subject: `Low stock: ${tool.name}`,
    body: (
      <MailLayout
        preview={`${tool.name}: ${tool.available.toLocaleString("en-US")} left`}
        heading="A tool's stock is running low"
        shopUrl={shopUrl}
        action={{ href: `${shopUrl}/dashboard/manageTools/${tool.id}`, label: "Restock the tool" }}
      >
        <Facts
          rows={[
            ["Tool", tool.name],
            ["Part number", tool.sku ?? "none"],
            ["In stock", tool.available.toLocaleString("en-US")],
            ["Low stock level", (tool.lowStockAt ?? 0).toLocaleString("en-US")],
          ]}
        />
      </MailLayout>
    ),
  });
}

/**
 * The tools on sale that need an admin's eye, the emptiest first: those at or below their low-stock
 * level, and every sold-out one, with a level or without.
 */
export function lowStockTools(db: Db) {
  return db
    .select()
    .from(tools)
    .where(
      and(
        isNull(tools.archivedAt),
        or(lte(tools.available, 0), and(isNotNull(tools.lowStockAt), lte(tools.available, tools.lowStockAt))),
      ),
    )
    .orderBy(asc(tools.available), asc(tools.name))
    .limit(200);
}
