import type { FastifyInstance } from "fastify";
import type { Db } from "../db/database";
import { createWebhookDeliverer } from "./deliverer";

declare module "fastify" {
  interface FastifyInstance {
    /** One pass of the webhook deliverer, as the running server makes it (at `now`, for tests): how many it claimed. */
    sendDueWebhooks(now?: Date): Promise<number>;
  }
}

/**
 * The webhooks' delivery for this server: the deliverer starts once the app is ready (API tests'
 * apps too, which never listen) and stops when it closes, after the pass under way.
 */
export function webhooksDelivery(
  app: FastifyInstance,
  deps: { db: Db; allowPrivate: boolean; timeoutMs: number; shopUrl: string },
): void {
  const deliverer = createWebhookDeliverer(deps.db, {
    allowPrivate: deps.allowPrivate,
    timeoutMs: deps.timeoutMs,
    shopUrl: deps.shopUrl,
    log: app.log,
  });
  app.decorate("sendDueWebhooks", (now?: Date) => deliverer.sendDue(now));
  app.addHook("onReady", async () => deliverer.start());
  app.addHook("onClose", () => deliverer.stop());
}
