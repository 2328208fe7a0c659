import type { FastifyInstance } from "fastify";
import { emailParams } from "../../contract/accounts";
import { pageQuery } from "../../contract/pagination";
import { forbidden, notFound, parseInput } from "../http/errors";
import { sendPage } from "../http/pages";
import type { Guards } from "./guards";
import type { UsersService } from "./service";

export function accountRoutes(app: FastifyInstance, deps: { guards: Guards; users: UsersService }) {
  // Signed in: your own flag; admins may ask about anyone.
  app.get("/api/admin/:email", async (request) => {
    const me = await deps.guards.requireUser(request);
    const { email } = parseInput(emailParams, request.params);
    if (email.toLowerCase() !== me.email.toLowerCase() && me.role !== "admin") throw forbidden();
    return { admin: await deps.users.isAdmin(email) };
  });

  // Admin.
  app.get("/api/user", async (request, reply) => {
    await deps.guards.requireAdmin(request);
    const page = await deps.users.listUsers(parseInput(pageQuery, request.query));
    return sendPage(reply, page);
  });

  // Admin.
  app.put("/api/user/admin/:email", async (request) => {
    await deps.guards.requireAdmin(request);
    const { email } = parseInput(emailParams, request.params);
    const modifiedCount = await deps.users.makeAdmin(email);
    if (modifiedCount === undefined) throw notFound("No user with that email");
    return { modifiedCount };
  });
}
