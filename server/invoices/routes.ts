import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type InvoiceKind,
  invoiceExportQuery,
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

  app.get(
    "/api/orders/:id/invoice.pdf",
    { config: { access: "user", scope: "invoices:read" } },
    download("invoice", invoiceMessages.noInvoice),
  );
  app.get(
    "/api/orders/:id/credit-note.pdf",
    { config: { access: "user", scope: "invoices:read" } },
    download("credit_note", invoiceMessages.noCreditNote),
  );

  app.get("/api/invoices", { config: { access: "admin" } }, async (request, reply) => {
    const q = parseListQuery(invoiceListQuery, request);
    return sendPage(reply, await deps.invoices.list(q));
  });

  // Every matching document, oldest first, streamed as it is read.
  app.get("/api/export/invoices.csv", { config: { access: "admin" } }, async (request, reply) => {
    const query = parseInput(invoiceExportQuery, request.query);
    return sendCsv(reply, datedFilename("invoices"), invoiceExportHeader, deps.invoices.exportRows(query));
  });
}
