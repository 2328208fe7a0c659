import type { FastifyInstance } from "fastify";
import { emailParams, unverifiedAdminMessage } from "../../contract/accounts";
import { listQuery } from "../../contract/pagination";
import { adminFlagAnswer, modifiedAnswer, userListAnswer } from "../../contract/shop-answers";
import { conflict, errorResponse, forbidden, notFound, parseInput } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import { signedInUser } from "./access";
import type { UsersService } from "./service";

export function accountRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  // Your own flag; admins may ask about anyone.
  app.get(
    "/api/admin/:email",
    {
      config: { access: "user" },
      schema: {
        tags: ["Accounts"],
        summary: "Whether an account is an admin (your own; admins may ask about anyone)",
        params: emailParams,
        response: { 200: adminFlagAnswer },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      const { email } = parseInput(emailParams, request.params);
      if (email.toLowerCase() !== me.email.toLowerCase() && me.role !== "admin") throw forbidden();
      return { admin: await deps.users.isAdmin(email) };
    },
  );

  app.get(
    "/api/user",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Accounts"],
        summary: "A page of users",
        querystring: listQuery,
        response: { 200: userListAnswer },
      },
    },
    async (request, reply) => {
      const page = await deps.users.listUsers(parseListQuery(listQuery, request));
      return sendPage(reply, page);
    },
  );

  app.put(
    "/api/user/admin/:email",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Accounts"],
        summary: "Make a verified account an admin",
        description: "409 when the account has not verified its email address.",
        params: emailParams,
        response: { 200: modifiedAnswer, 409: errorResponse("The account has not verified its address") },
      },
    },
    async (request) => {
      const { email } = parseInput(emailParams, request.params);
      const outcome = await deps.users.makeAdmin(email, { verifiedOnly: true });
      if (outcome === "no-account") throw notFound("No user with that email");
      if (outcome === "unverified") throw conflict(unverifiedAdminMessage(email));
      return { modifiedCount: outcome === "made" ? 1 : 0 };
    },
  );
}
