import type { FastifyInstance } from "fastify";
import { companyAnswer, companyListAnswer, myCompanyAnswer } from "#contract/answers";
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
import { invitationAnswer, memberRoleAnswer, noContent } from "#contract/shop-answers";
import { signedInUser } from "#server/accounts/access";
import { errorResponse, notFound, parseInput } from "#server/http/errors";
import { parseListQuery, sendPage } from "#server/http/pages";
import type { CompaniesService } from "./service";

// Company accounts (issue 27). Who may act on a company is the service's question: a route of one
// company answers 404 to anyone who is not its member (another company's admin, the shop's admins),
// and 403 to a buyer asking what only its admins may do.
export function companyRoutes(app: FastifyInstance, deps: { companies: CompaniesService }) {
  app.post(
    "/api/companies",
    {
      config: { access: "user" },
      schema: {
        tags: ["Companies"],
        summary: "Apply for a company account (pending until a shop admin approves it)",
        body: companyApplication,
        response: {
          201: companyAnswer,
          409: errorResponse("You already belong to a company, or applied for one"),
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(companyApplication, request.body);
      return reply.status(201).send(await deps.companies.apply(signedInUser(request), input));
    },
  );

  app.get(
    "/api/companies",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Companies"],
        summary: "A page of company accounts, optionally of one status",
        querystring: companyListQuery,
        response: { 200: companyListAnswer },
      },
    },
    async (request, reply) => {
      const { status, ...q } = parseListQuery(companyListQuery, request);
      return sendPage(reply, await deps.companies.list(q, status));
    },
  );

  app.get(
    "/api/companies/mine",
    {
      config: { access: "user" },
      schema: {
        tags: ["Companies"],
        summary: "Your company, your role in it, its members and open invitations",
        response: { 200: myCompanyAnswer },
      },
    },
    async (request) => deps.companies.mine(signedInUser(request).id),
  );

  app.patch(
    "/api/companies/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Companies"],
        summary: "Approve or reject a company and set its terms",
        params: companyIdParams,
        body: companyTerms,
        response: { 200: companyAnswer },
      },
    },
    async (request) => {
      const { id } = parseInput(companyIdParams, request.params);
      const terms = parseInput(companyTerms, request.body);
      const company = await deps.companies.updateTerms(id, terms);
      if (!company) throw notFound(companyMessages.noCompany);
      return company;
    },
  );

  app.post(
    "/api/companies/:id/members",
    {
      config: { access: "user" },
      schema: {
        tags: ["Companies"],
        summary: "Invite a member by email (the company's admins)",
        params: companyIdParams,
        body: invitationBody,
        response: {
          201: invitationAnswer,
          403: errorResponse("Only the company's admins may do this"),
          409: errorResponse("Already a member, or invited"),
        },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(companyIdParams, request.params);
      const input = parseInput(invitationBody, request.body);
      return reply.status(201).send(await deps.companies.invite(signedInUser(request), id, input));
    },
  );

  app.patch(
    "/api/companies/:id/members/:userId",
    {
      config: { access: "user" },
      schema: {
        tags: ["Companies"],
        summary: "Change a member's role (the company's admins)",
        params: memberParams,
        body: memberRoleBody,
        response: {
          200: memberRoleAnswer,
          403: errorResponse("Only the company's admins may do this"),
          409: errorResponse("The company would have no admin left"),
        },
      },
    },
    async (request) => {
      const { id, userId } = parseInput(memberParams, request.params);
      const { role } = parseInput(memberRoleBody, request.body);
      return deps.companies.setRole(signedInUser(request), id, userId, role);
    },
  );

  app.delete(
    "/api/companies/:id/members/:userId",
    {
      config: { access: "user" },
      schema: {
        tags: ["Companies"],
        summary: "Remove a member (the company's admins; a member may leave)",
        params: memberParams,
        response: {
          204: noContent("Removed"),
          403: errorResponse("Only the company's admins may do this"),
          409: errorResponse("The company would have no admin left"),
        },
      },
    },
    async (request, reply) => {
      const { id, userId } = parseInput(memberParams, request.params);
      await deps.companies.removeMember(signedInUser(request), id, userId);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/companies/invitations/:token/accept",
    {
      config: { access: "user" },
      schema: {
        tags: ["Companies"],
        summary: "Accept an invitation: you join its company",
        params: invitationParams,
        response: {
          200: myCompanyAnswer,
          409: errorResponse("You already belong to a company, or the invitation is for another address"),
        },
      },
    },
    async (request) => {
      const { token } = parseInput(invitationParams, request.params);
      await deps.companies.accept(signedInUser(request), token);
      return deps.companies.mine(signedInUser(request).id);
    },
  );
}
