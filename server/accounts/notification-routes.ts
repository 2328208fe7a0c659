import type { FastifyInstance } from "fastify";
import { notificationChanges } from "#contract/notifications";
import { forbidden, parseInput } from "#server/http/errors";
import { signedInUser } from "./access";
import type { MailPreferences } from "./mail-preferences";

/** The caller's message settings: the admin messages each admin may turn off (none for other users). */
export function notificationRoutes(app: FastifyInstance, deps: { preferences: MailPreferences }) {
  app.get("/api/account/notifications", { config: { access: "user" } }, async (request) => {
    const me = signedInUser(request);
    return deps.preferences.settingsOf(me.id, me.role === "admin");
  });

  app.put("/api/account/notifications", { config: { access: "user" } }, async (request) => {
    const me = signedInUser(request);
    const changes = parseInput(notificationChanges, request.body);
    if (me.role !== "admin") throw forbidden("Only admins receive these messages");
    return deps.preferences.change(me.id, changes);
  });
}
