import type { FastifyInstance, FastifyRequest } from "fastify";
import { pageQuery } from "../../contract/pagination";
import { noUserMessage, ownerQuery, portfolioSchema, profileSchema } from "../../contract/profiles";
import type { Guards, SessionUser } from "../accounts/guards";
import { notFound, parseInput, unauthorized } from "../http/errors";
import { sendPage } from "../http/pages";
import { type ProfilesService, toPortfolio, toProfile, toPublicProfile } from "./service";

export function profileRoutes(app: FastifyInstance, deps: { guards: Guards; profiles: ProfilesService }) {
  /** `?email=` names whose profile to read; without it, the signed-in user's own. */
  async function reader(request: FastifyRequest) {
    const { email } = parseInput(ownerQuery, request.query);
    const me = await deps.guards.currentUser(request);
    if (email) return { email, me };
    if (!me) throw unauthorized(noUserMessage);
    return { email: me.email, me };
  }

  const seesEverything = (me: SessionUser | undefined, ownerId: string) =>
    me !== undefined && (me.id === ownerId || me.role === "admin");

  // Signed in. The stored email is the session's; a different one in the body is ignored.
  app.post("/api/myProfile", async (request, reply) => {
    const me = await deps.guards.requireUser(request, noUserMessage);
    const saved = await deps.profiles.saveProfile(me, parseInput(profileSchema, request.body));
    return reply.status(saved.updated ? 200 : 201).send({ insertedId: saved.id, updated: saved.updated });
  });

  // Anyone: the owner and admins see every field, everyone else the public part (no email, no phone).
  app.get("/api/myProfile", async (request) => {
    const { email, me } = await reader(request);
    const row = await deps.profiles.findProfile(email);
    if (!row) throw notFound("No profile yet");
    return seesEverything(me, row.userId) ? toProfile(row) : toPublicProfile(row);
  });

  // Admin.
  app.get("/api/showAllProfile", async (request, reply) => {
    await deps.guards.requireAdmin(request);
    const page = await deps.profiles.listProfiles(parseInput(pageQuery, request.query));
    return sendPage(reply, page);
  });

  // Signed in. The stored email is the session's; a different one in the body is ignored.
  app.post("/api/myPortfolio", async (request, reply) => {
    const me = await deps.guards.requireUser(request, noUserMessage);
    const saved = await deps.profiles.savePortfolio(me, parseInput(portfolioSchema, request.body));
    return reply.status(saved.updated ? 200 : 201).send({ insertedId: saved.id, updated: saved.updated });
  });

  // Anyone: the email only for the owner and admins.
  app.get("/api/myPortfolio", async (request) => {
    const { email, me } = await reader(request);
    const row = await deps.profiles.findPortfolio(email);
    if (!row) throw notFound("No portfolio yet");
    return toPortfolio(row, seesEverything(me, row.userId));
  });
}
