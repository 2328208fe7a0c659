import type { FastifyInstance } from "fastify";
import {
  companyApplication,
  companyIdParams,
  companyListQuery,
  companyMessages,
  companyTerms,
  invitationBody,
  invitationParams,
  memberParams,
  memberRoleBody,
} from "#contract/companies";
import { signedInUser } from "#server/accounts/access";
import { notFound, parseInput } from "#server/http/errors";
import { parseListQuery, sendPage } from "#server/http/pages";
import type { CompaniesService } from "./service";

// Company accounts (issue 27). Who may act on a company is the service's question: a route of one
// company answers 404 to anyone who is not its member (another company's admin, the shop's admins),
// and 403 to a buyer asking what only its admins may do.
export function companyRoutes(app: FastifyInstance, deps: { companies: CompaniesService }) {
  app.post("/api/companies", { config: { access: "user" } }, async (request, reply) => {
    const input = parseInput(companyApplication, request.body);
    return reply.status(201).send(await deps.companies.apply(signedInUser(request), input));
  });

  app.get("/api/companies", { config: { access: "admin" } }, async (request, reply) => {
    const { status, ...q } = parseListQuery(companyListQuery, request);
    return sendPage(reply, await deps.companies.list(q, status));
  });

  app.get("/api/companies/mine", { config: { access: "user" } }, async (request) =>
    deps.companies.mine(signedInUser(request).id),
  );

  app.patch("/api/companies/:id", { config: { access: "admin" } }, async (request) => {
    const { id } = parseInput(companyIdParams, request.params);
    const terms = parseInput(companyTerms, request.body);
    const company = await deps.companies.updateTerms(id, terms);
    if (!company) throw notFound(companyMessages.noCompany);
    return company;
  });

  app.post("/api/companies/:id/members", { config: { access: "user" } }, async (request, reply) => {
    const { id } = parseInput(companyIdParams, request.params);
    const input = parseInput(invitationBody, request.body);
    return reply.status(201).send(await deps.companies.invite(signedInUser(request), id, input));
  });

  app.patch("/api/companies/:id/members/:userId", { config: { access: "user" } }, async (request) => {
    const { id, userId } = parseInput(memberParams, request.params);
    const { role } = parseInput(memberRoleBody, request.body);
    return deps.companies.setRole(signedInUser(request), id, userId, role);
  });

  app.delete("/api/companies/:id/members/:userId", { config: { access: "user" } }, async (request, reply) => {
    const { id, userId } = parseInput(memberParams, request.params);
    await deps.companies.removeMember(signedInUser(request), id, userId);
    return reply.status(204).send();
  });

  app.post("/api/companies/invitations/:token/accept", { config: { access: "user" } }, async (request) => {
    const { token } = parseInput(invitationParams, request.params);
    await deps.companies.accept(signedInUser(request), token);
    return deps.companies.mine(signedInUser(request).id);
  });
}
