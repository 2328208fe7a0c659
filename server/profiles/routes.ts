import type { FastifyInstance, FastifyRequest } from "fastify";
import { listQuery } from "../../contract/pagination";
import { noUserMessage, ownerQuery, portfolioSchema, profileSchema } from "../../contract/profiles";
import { signedInUser } from "../accounts/access";
import type { SessionUser } from "../accounts/guards";
import { notFound, parseInput, unauthorized } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import { type ProfilesService, toPortfolio, toProfile, toPublicProfile } from "./service";

export function profileRoutes(app: FastifyInstance, deps: { profiles: ProfilesService }) {
  /**
   * `?email=` names whose profile to read (anyone may); without it, the signed-in user's own, so a
   * visitor without `?email=` gets the 401 a `user` route gives.
   */
  function reader(request: FastifyRequest) {
    const { email } = parseInput(ownerQuery, request.query);
    const me = request.user;
    if (email) return { email, me };
    if (!me) throw unauthorized(noUserMessage);
    return { email: me.email, me };
  }

  const seesEverything = (me: SessionUser | null, ownerId: string) =>
    me !== null && (me.id === ownerId || me.role === "admin");

  // The stored email is the session's; a different one in the body is ignored.
  app.post(
    "/api/myProfile",
    { config: { access: "user", signInMessage: noUserMessage } },
    async (request, reply) => {
      const me = signedInUser(request);
      const saved = await deps.profiles.saveProfile(me, parseInput(profileSchema, request.body));
      return reply.status(saved.updated ? 200 : 201).send({ insertedId: saved.id, updated: saved.updated });
    },
  );

  // The owner and admins see every field, everyone else the public part (no email, no phone).
  app.get("/api/myProfile", { config: { access: "public", readsSession: true } }, async (request) => {
    const { email, me } = reader(request);
    const row = await deps.profiles.findProfile(email);
    if (!row) throw notFound("No profile yet");
    return seesEverything(me, row.userId) ? toProfile(row) : toPublicProfile(row);
  });

  app.get("/api/showAllProfile", { config: { access: "admin" } }, async (request, reply) => {
    const page = await deps.profiles.listProfiles(parseListQuery(listQuery, request));
    return sendPage(reply, page);
  });

  // The stored email is the session's; a different one in the body is ignored.
  app.post(
    "/api/myPortfolio",
    { config: { access: "user", signInMessage: noUserMessage } },
    async (request, reply) => {
      const me = signedInUser(request);
      const saved = await deps.profiles.savePortfolio(me, parseInput(portfolioSchema, request.body));
      return reply.status(saved.updated ? 200 : 201).send({ insertedId: saved.id, updated: saved.updated });
    },
  );

  // The email only for the owner and admins.
  app.get("/api/myPortfolio", { config: { access: "public", readsSession: true } }, async (request) => {
    const { email, me } = reader(request);
    const row = await deps.profiles.findPortfolio(email);
    if (!row) throw notFound("No portfolio yet");
    return toPortfolio(row, seesEverything(me, row.userId));
  });
}
