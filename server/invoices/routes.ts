import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  type InvoiceKind,
  invoiceExportQuery,
  invoiceListAnswer,
  invoiceListQuery,
  invoiceMessages,
  orderDocumentParams,
} from "#contract/invoices";
import { signedInUser } from "#server/accounts/access";
import type { SessionUser } from "#server/accounts/guards";
import { datedFilename, sendCsv } from "#server/http/csv";
import { notFound, parseInput } from "#server/http/errors";
import { parseListQuery, sendPage } from "#server/http/pages";
import { noSuchOrder } from "#server/orders/order-view";
import { type InvoicesService, invoiceExportHeader } from "./service";

const pdfFile = z.string().meta({ format: "binary" });

export type InvoiceRoutesDeps = {
  invoices: InvoicesService;
  /**
   * Whether the user may read the order (orders' own rule, as GET /api/order/{id}: its buyer, an
   * admin of its company, a shop admin); anyone else is answered as if it did not exist.
   */
  mayReadOrder: (user: SessionUser, orderId: string) => Promise<boolean>;
};

export function invoiceRoutes(app: FastifyInstance, deps: InvoiceRoutesDeps) {
  const download =
    (kind: InvoiceKind, missing: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const me = signedInUser(request);
      const { id } = parseInput(orderDocumentParams, request.params);
      // No such order, or not one the caller may read: the same 404 as GET /api/order/{id}.
      if (!(await deps.mayReadOrder(me, id))) throw noSuchOrder();
      const pdf = await deps.invoices.pdfOfOrder(id, kind);
      if (!pdf) throw notFound(missing);
      const etag = `"${pdf.sha256}"`;
      reply
        .header("etag", etag)
        .header("cache-control", "private, no-cache")
        .header("content-disposition", `attachment; filename="${pdf.number}.pdf"`)
        .type("application/pdf");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.send(pdf.bytes);
    };

  /** An order's PDF, with its ETag: a request with `If-None-Match` of the same ETag gets a 304. */
  const pdfSchema = (document: string) => ({
    tags: ["Invoices"],
    summary: `An order's ${document} as a PDF`,
    description: `The order's buyer, an admin of its company, a shop admin; to anyone else the order does not exist (404). 404 too when it has no ${document}.`,
    params: orderDocumentParams,
    response: {
      200: { description: `The ${document}`, content: { "application/pdf": { schema: pdfFile } } },
      // No body: @fastify/swagger documents a `null` answer without content.
      304: z.null().meta({ description: "Not modified: the ETag sent in If-None-Match is the document's" }),
    },
  });

  app.get(
    "/api/orders/:id/invoice.pdf",
    { config: { access: "user", scope: "invoices:read" }, schema: pdfSchema("invoice") },
    download("invoice", invoiceMessages.noInvoice),
  );
  app.get(
    "/api/orders/:id/credit-note.pdf",
    { config: { access: "user", scope: "invoices:read" }, schema: pdfSchema("credit note") },
    download("credit_note", invoiceMessages.noCreditNote),
  );

  app.get(
    "/api/invoices",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Invoices"],
        summary: "A page of invoices and credit notes, newest first",
        querystring: invoiceListQuery,
        response: { 200: invoiceListAnswer },
      },
    },
    async (request, reply) => {
      const q = parseListQuery(invoiceListQuery, request);
      return sendPage(reply, await deps.invoices.list(q));
    },
  );

  // Every matching document, oldest first, streamed as it is read.
  app.get(
    "/api/export/invoices.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Invoices"],
        summary: "Invoices and credit notes as a CSV file, oldest first",
        querystring: invoiceExportQuery,
        response: {
          200: {
            description: "The documents (UTF-8, a header row)",
            content: { "text/csv": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const query = parseInput(invoiceExportQuery, request.query);
      return sendCsv(reply, datedFilename("invoices"), invoiceExportHeader, deps.invoices.exportRows(query));
    },
  );
}
