import type { FastifyInstance } from "fastify";
import { emailParams } from "../../contract/accounts";
import { listQuery } from "../../contract/pagination";
import { forbidden, notFound, parseInput } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import { signedInUser } from "./access";
import type { UsersService } from "./service";

export function accountRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  // Your own flag; admins may ask about anyone.
  app.get("/api/admin/:email", { config: { access: "user" } }, async (request) => {
    const me = signedInUser(request);
    const { email } = parseInput(emailParams, request.params);
    if (email.toLowerCase() !== me.email.toLowerCase() && me.role !== "admin") throw forbidden();
    return { admin: await deps.users.isAdmin(email) };
  });

  app.get("/api/user", { config: { access: "admin" } }, async (request, reply) => {
    const page = await deps.users.listUsers(parseListQuery(listQuery, request));
    return sendPage(reply, page);
  });

  app.put("/api/user/admin/:email", { config: { access: "admin" } }, async (request) => {
    const { email } = parseInput(emailParams, request.params);
    const modifiedCount = await deps.users.makeAdmin(email);
    if (modifiedCount === undefined) throw notFound("No user with that email");
    return { modifiedCount };
  });
}
