import type { FastifyInstance } from "fastify";
import { notificationSettingsAnswer } from "#contract/answers";
import { notificationChanges } from "#contract/notifications";
import { errorResponse, forbidden, parseInput } from "#server/http/errors";
import { signedInUser } from "./access";
import type { MailPreferences } from "./mail-preferences";

/** The caller's message settings: the admin messages each admin may turn off (none for other users). */
export function notificationRoutes(app: FastifyInstance, deps: { preferences: MailPreferences }) {
  app.get(
    "/api/account/notifications",
    {
      config: { access: "user" },
      schema: {
        tags: ["Accounts"],
        summary: "Your message settings (the admin messages you may turn off)",
        response: { 200: notificationSettingsAnswer },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      return deps.preferences.settingsOf(me.id, me.role === "admin");
    },
  );

  app.put(
    "/api/account/notifications",
    {
      config: { access: "user" },
      schema: {
        tags: ["Accounts"],
        summary: "Turn admin messages on or off (admins only: 403 for others)",
        body: notificationChanges,
        response: {
          200: notificationSettingsAnswer,
          403: errorResponse("Only admins receive these messages"),
        },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      const changes = parseInput(notificationChanges, request.body);
      if (me.role !== "admin") throw forbidden("Only admins receive these messages");
      return deps.preferences.change(me.id, changes);
    },
  );
}
