import type { FastifyInstance } from "fastify";
import { deleteAccountSchema } from "#contract/account-settings";
import { accountExportAnswer, noContent } from "#contract/shop-answers";
import { parseInput } from "#server/http/errors";
import { signedInUser } from "./access";
import type { AccountData } from "./account-data";

/** Account settings beyond Better Auth's own endpoints: "Download my data" and "Delete my account". */
export function accountSettingsRoutes(app: FastifyInstance, deps: { accountData: AccountData }) {
  app.get(
    "/api/account/export",
    {
      config: { access: "user" },
      schema: {
        tags: ["Accounts"],
        summary: "Download my data: everything the shop keeps about you, as a JSON file",
        response: { 200: accountExportAnswer },
      },
    },
    async (request, reply) => {
      const data = await deps.accountData.exportOf(signedInUser(request));
      return reply
        .header("content-disposition", 'attachment; filename="car-mechanic-my-data.json"')
        .header("cache-control", "no-store")
        .send(data);
    },
  );

  app.delete(
    "/api/account",
    {
      config: { access: "user" },
      schema: {
        tags: ["Accounts"],
        summary: "Delete my account (your password confirms it)",
        body: deleteAccountSchema,
        response: { 204: noContent("Deleted: orders kept anonymised, everything else erased") },
      },
    },
    async (request, reply) => {
      const { password } = parseInput(deleteAccountSchema, request.body);
      await deps.accountData.deleteAccount(signedInUser(request), password);
      return reply.status(204).send();
    },
  );
}
