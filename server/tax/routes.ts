import type { FastifyInstance } from "fastify";
import { sellerAnswer, sellerBody, type TaxRatesAnswer, taxRatesAnswer, taxRatesBody } from "#contract/tax";
import { badRequest, describeZodIssue, parseInput } from "#server/http/errors";
import type { TaxService } from "./service";

// Tax settings (issue 28): the rates anyone may read (the checkout and Order Now forms show the tax
// before paying), and the rates and seller's details the shop's admins set.

const notRates =
  'Send the rates as JSON: { "rates": [{ "country": "US", "rate": 5, "label": "Sales tax" }] }';

/** The PUT's body, or a 400 naming the rate at fault ("Rate 3: rate must be at most 100 (percent)"). */
function parseRates(body: unknown) {
  const result = taxRatesBody.safeParse(body ?? {});
  if (result.success) return result.data.rates;
  const [issue] = result.error.issues;
  if (!issue || issue.path.length === 0) throw badRequest(notRates);
  const [field, index] = issue.path;
  const message = describeZodIssue({ ...issue, path: issue.path.slice(2) });
  throw badRequest(
    field === "rates" && typeof index === "number" ? `Rate ${index + 1}: ${message}` : message,
  );
}

export function taxRoutes(app: FastifyInstance, deps: { tax: TaxService }) {
  app.get(
    "/api/tax/rates",
    {
      config: { access: "public", scope: "catalog:read" },
      schema: {
        tags: ["Tax"],
        summary: "The tax rates by country and region",
        response: { 200: taxRatesAnswer },
      },
    },
    async (): Promise<TaxRatesAnswer> => {
      return { rates: await deps.tax.rates() };
    },
  );

  app.get(
    "/api/settings/tax",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Tax"],
        summary: "The tax rates, to edit",
        response: { 200: taxRatesAnswer },
      },
    },
    async (): Promise<TaxRatesAnswer> => {
      return { rates: await deps.tax.rates() };
    },
  );

  app.put(
    "/api/settings/tax",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Tax"],
        summary: "Replace the tax rates",
        body: taxRatesBody,
        response: { 200: taxRatesAnswer },
      },
    },
    async (request): Promise<TaxRatesAnswer> => {
      return { rates: await deps.tax.replaceRates(parseRates(request.body)) };
    },
  );

  app.get(
    "/api/settings/seller",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Tax"],
        summary: "The seller's details printed on invoices (null until set)",
        response: { 200: sellerAnswer },
      },
    },
    async () => deps.tax.seller(),
  );

  app.put(
    "/api/settings/seller",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Tax"],
        summary: "Set the seller's details printed on invoices",
        body: sellerBody,
        response: { 200: sellerAnswer },
      },
    },
    async (request) => deps.tax.saveSeller(parseInput(sellerBody, request.body)),
  );
}
