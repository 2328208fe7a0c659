import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { companyBalanceAnswer, companyPaymentAnswer, statementAnswer } from "#contract/answers";
import { companyIdParams, companyMessages, companyPaymentBody, statementQuery } from "#contract/companies";
import { shopToday } from "#contract/delivery-dates";
import { signedInUser } from "#server/accounts/access";
import type { Db } from "#server/db/database";
import { datedFilename, sendCsv } from "#server/http/csv";
import { errorResponse, notFound, parseInput } from "#server/http/errors";
import { type AccountOrdersOf, companyAccount, presentBalance } from "./balance";
import { assertCompanyReader } from "./company-access";
import { recordPayment } from "./payments";
import { filenameSlug, statementCsvRows, statementHeader, statementOf } from "./statement";

// A company's balance, payments and statement (issue 27, item 6). Read by the company's admins and
// the shop's admins (company-access.ts); payments are recorded by the shop's admins only.
export function companyBalanceRoutes(
  app: FastifyInstance,
  deps: { db: Db; accountOrdersOf: AccountOrdersOf; publicUrl: string },
) {
  async function readableAccount(request: Parameters<typeof signedInUser>[0]) {
    const { id } = parseInput(companyIdParams, request.params);
    await assertCompanyReader(deps.db, signedInUser(request), id);
    const account = await companyAccount(deps.db, deps.accountOrdersOf, id);
    if (!account) throw notFound(companyMessages.noCompany);
    return { id, account };
  }

  app.post(
    "/api/companies/:id/payments",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Companies"],
        summary: "Record a payment received from a company",
        params: companyIdParams,
        body: companyPaymentBody,
        response: { 201: companyPaymentAnswer },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(companyIdParams, request.params);
      const input = parseInput(companyPaymentBody, request.body);
      const payment = await recordPayment(deps.db, deps, id, input, signedInUser(request).id, shopToday());
      return reply.status(201).send(payment);
    },
  );

  app.get(
    "/api/companies/:id/balance",
    {
      config: { access: "user" },
      schema: {
        tags: ["Companies"],
        summary: "A company's balance, open amounts and payments (its admins, shop admins)",
        params: companyIdParams,
        response: { 200: companyBalanceAnswer, 403: errorResponse("Only the company's admins may read it") },
      },
    },
    async (request) => {
      const { account } = await readableAccount(request);
      return presentBalance(account, shopToday());
    },
  );

  app.get(
    "/api/companies/:id/statement",
    {
      config: { access: "user" },
      schema: {
        tags: ["Companies"],
        summary: "A company's statement, as JSON or CSV (`?format=csv` or `Accept: text/csv`)",
        params: companyIdParams,
        querystring: statementQuery,
        response: {
          200: {
            description: "The statement's lines, oldest first",
            content: { "application/json": { schema: statementAnswer }, "text/csv": { schema: z.string() } },
          },
          403: errorResponse("Only the company's admins may read it"),
        },
      },
    },
    async (request, reply) => {
      const { id, account } = await readableAccount(request);
      const { format } = parseInput(statementQuery, request.query);
      const lines = statementOf(account);
      const wantsCsv =
        format === "csv" || (format === undefined && /\btext\/csv\b/.test(request.headers.accept ?? ""));
      if (!wantsCsv) return lines;
      const filename = datedFilename(`statement-${filenameSlug(account.name, id)}`);
      return sendCsv(reply, filename, statementHeader, statementCsvRows(lines));
    },
  );
}
