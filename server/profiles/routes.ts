import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { profileListAnswer, savedAnswer } from "../../contract/answers";
import { listQuery } from "../../contract/pagination";
import { noUserMessage, ownerQuery } from "../../contract/profiles";
import { signedInUser } from "../accounts/access";
import type { SessionUser } from "../accounts/guards";
import { errorResponse, notFound, parseInput, unauthorized } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import { type OwnRecords, type ProfilesService, present } from "./service";

export function profileRoutes(app: FastifyInstance, deps: { profiles: ProfilesService }) {
  /**
   * `?email=` names whose record to read (anyone may); without it, the signed-in user's own, so a
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

  /** `POST` and `GET` of `/api/myProfile` and `/api/myPortfolio`: the same over each kind's schema and table. */
  function ownRecordRoutes<Shape extends z.ZodRawShape>(records: OwnRecords<Shape>) {
    const { kind } = records;

    // The stored email is the session's; a different one in the body is ignored.
    app.post(
      kind.path,
      {
        config: { access: "user", signInMessage: noUserMessage },
        schema: {
          tags: ["Profiles"],
          summary: `Save your ${kind.noun.toLowerCase()} (201 the first time, 200 when it updates it)`,
          body: kind.schema,
          response: { 200: savedAnswer, 201: savedAnswer },
        },
      },
      async (request, reply) => {
        const me = signedInUser(request);
        const saved = await records.save(me, parseInput(kind.schema, request.body));
        return reply.status(saved.updated ? 200 : 201).send({ insertedId: saved.id, updated: saved.updated });
      },
    );

    // The owner and admins see every field, everyone else the public part (no email, no phone).
    app.get(
      kind.path,
      {
        config: { access: "public", readsSession: true },
        schema: {
          tags: ["Profiles"],
          summary: `Someone's ${kind.noun.toLowerCase()} (?email=), or your own without it`,
          description:
            "Its email and phone only to its owner and admins. Without `?email=` and signed out: 401.",
          querystring: ownerQuery,
          response: { 200: kind.answer, 401: errorResponse(noUserMessage), 404: errorResponse(kind.missing) },
        },
      },
      async (request) => {
        const { email, me } = reader(request);
        const row = await records.find(email);
        if (!row) throw notFound(kind.missing);
        return present(kind, row, seesEverything(me, row.userId));
      },
    );
  }

  ownRecordRoutes(deps.profiles.profile);
  ownRecordRoutes(deps.profiles.portfolio);

  app.get(
    "/api/showAllProfile",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Profiles"],
        summary: "A page of profiles",
        querystring: listQuery,
        response: { 200: profileListAnswer },
      },
    },
    async (request, reply) => {
      const page = await deps.profiles.listProfiles(parseListQuery(listQuery, request));
      return sendPage(reply, page);
    },
  );
}
