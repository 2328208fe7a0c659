import { createHash } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import {
  creditNotePdfPath,
  type InvoiceKind,
  type InvoiceListItem,
  type InvoiceListQuery,
  invoicePdfPath,
} from "#contract/invoices";
import { centsToDollars } from "#contract/money";
import { formatRate } from "#contract/tax";
import type { Db } from "#server/db/database";
import { cursorKey, inRange, keyset } from "#server/db/keyset";
import type { Page } from "#server/db/paging";
import type { MailAttachment } from "#server/mail/outbox";
import type { UploadStorage } from "#server/uploads/storage";
import type { InvoiceDocument } from "./document";
import { renderInvoicePdf } from "./render-pdf";
import { invoices } from "./tables";

type InvoiceRow = typeof invoices.$inferSelect;

/** A document's PDF as downloaded: its bytes and their SHA-256 (hex), the download's ETag. */
export type InvoicePdf = { number: string; bytes: Buffer; sha256: string };

const sha256Of = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The bookkeeper's list: newest first by invoices_issued_idx. */
const newestFirst = keyset("desc", [
  [invoices.issuedOn, "date"],
  [invoices.createdAt, "timestamp"],
  [invoices.id, "uuid"],
]);

type Filter = { from?: string; to?: string; companyId?: string; kind?: InvoiceKind };

function filterOf(q: Filter): SQL | undefined {
  return and(
    q.from ? gte(invoices.issuedOn, q.from) : undefined,
    q.to ? lte(invoices.issuedOn, q.to) : undefined,
    q.companyId ? eq(invoices.companyId, q.companyId) : undefined,
    q.kind ? eq(invoices.kind, q.kind) : undefined,
  );
}

function present(row: InvoiceRow, refersTo: string | null): InvoiceListItem {
  const d = row.document as InvoiceDocument;
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    orderId: row.orderId,
    orderNumber: d.order.number,
    companyId: row.companyId,
    companyName: d.buyer.company,
    buyerName: d.buyer.name,
    issuedOn: row.issuedOn,
    subtotal: centsToDollars(row.subtotalCents),
    tax: centsToDollars(row.taxCents),
    total: centsToDollars(row.totalCents),
    refersTo,
    reason: row.reason,
    pdfUrl: row.kind === "invoice" ? invoicePdfPath(row.orderId) : creditNotePdfPath(row.orderId),
  };
}

/** The invoices export's columns: one row per document; money in dollars with two decimals. */
export const invoiceExportHeader = [
  "number",
  "kind",
  "issued_on",
  "order_number",
  "buyer",
  "company",
  "po_number",
  "subtotal",
  "tax",
  "total",
  "refers_to",
  "reason",
  "tax_detail",
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);
const exportBatch = 500;

/**
 * Invoices and credit notes after they are issued (issue.ts issues them): their PDFs, rendered once
 * from the stored document into the uploads storage and hashed, the admins' list and export, and the
 * mail attachments.
 */
export function createInvoicesService(db: Db, storage: UploadStorage) {
  async function storedBytes(row: InvoiceRow & { fileKey: string }): Promise<Buffer> {
    const file = await storage.get(row.fileKey);
    if (!file) {
      // Lost from the storage (a data folder restored without it): the render is deterministic, so
      // rendering again gives the very bytes hashed at first, which are put back.
      const bytes = await renderInvoicePdf(row.document as InvoiceDocument);
      if (sha256Of(bytes) !== row.sha256) {
        throw new Error(`invoice ${row.number}: its PDF is missing and renders differently now`);
      }
      await storage.put(row.fileKey, bytes, "application/pdf");
      return bytes;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const bytes = Buffer.concat(chunks);
    if (sha256Of(bytes) !== row.sha256) {
      throw new Error(`invoice ${row.number}: its stored PDF does not match its SHA-256`);
    }
    return bytes;
  }

  /**
   * The document's PDF: the stored one (checked against its hash), else rendered now, stored and its
   * key, hash and size written once. Two first downloads at once render the same bytes under the same
   * key; the first to write the row wins and both answer those bytes.
   */
  async function pdfOf(row: InvoiceRow): Promise<InvoicePdf> {
    if (row.fileKey !== null && row.sha256 !== null) {
      return {
        number: row.number,
        bytes: await storedBytes({ ...row, fileKey: row.fileKey }),
        sha256: row.sha256,
      };
    }
    const bytes = await renderInvoicePdf(row.document as InvoiceDocument);
    const sha256 = sha256Of(bytes);
    const key = `invoice-${row.id}.pdf`;
    await storage.put(key, bytes, "application/pdf");
    const [set] = await db
      .update(invoices)
      .set({ fileKey: key, sha256, size: bytes.length })
      .where(and(eq(invoices.id, row.id), isNull(invoices.fileKey)))
      .returning({ id: invoices.id });
    if (set) return { number: row.number, bytes, sha256 };
    // Another download stored it first: answer what the row says.
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, row.id));
    if (!stored?.fileKey) throw new Error(`invoice ${row.number}: its file was set and is gone`);
    return pdfOf(stored);
  }

  return {
    pdfOf,

    /** The PDF of an order's invoice or credit note; undefined when it has none. */
    async pdfOfOrder(orderId: string, kind: InvoiceKind): Promise<InvoicePdf | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
      return row && pdfOf(row);
    },

    /** The files a message carries (server/mail/sender.ts): each invoice's PDF, rendered if it was not yet. */
    async attachments(refs: readonly MailAttachment[]) {
      return Promise.all(
        refs.map(async (ref) => {
          const [row] = await db.select().from(invoices).where(eq(invoices.id, ref.invoiceId));
          if (!row) throw new Error(`mail attachment: no invoice ${ref.invoiceId}`);
          const pdf = await pdfOf(row);
          return { filename: ref.filename, content: pdf.bytes, contentType: "application/pdf" };
        }),
      );
    },

    /** Invoices and credit notes, newest first (issued_on, created_at, id), filtered. */
    async list(q: InvoiceListQuery): Promise<Page<InvoiceListItem>> {
      const own = filterOf(q);
      const page = await newestFirst.list(
        q,
        (range) =>
          inRange(
            db
              .select({ row: invoices, [cursorKey]: newestFirst.key })
              .from(invoices)
              .$dynamic(),
            range,
            own,
          ),
        db.$count(invoices, own),
      );
      const numbers = await numbersOf(
        db,
        page.items.flatMap((i) => (i.row.refersTo ? [i.row.refersTo] : [])),
      );
      return {
        ...page,
        items: page.items.map(({ row }) =>
          present(row, row.refersTo ? (numbers.get(row.refersTo) ?? null) : null),
        ),
      };
    },

    /** Every matching document, oldest first, read in batches: the CSV's rows. */
    async *exportRows(q: Filter): AsyncGenerator<unknown[]> {
      let after: { issuedOn: string; createdAt: string; id: string } | undefined;
      for (;;) {
        const beyond = after
          ? sql`(${invoices.issuedOn}, ${invoices.createdAt}, ${invoices.id}) > (${after.issuedOn}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined;
        const batch = await db
          .select({
            row: invoices,
            at: sql<string>`to_char(${invoices.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          })
          .from(invoices)
          .where(and(filterOf(q), beyond))
          .orderBy(asc(invoices.issuedOn), asc(invoices.createdAt), asc(invoices.id))
          .limit(exportBatch);
        const numbers = await numbersOf(
          db,
          batch.flatMap(({ row }) => (row.refersTo ? [row.refersTo] : [])),
        );
        for (const { row } of batch) {
          const d = row.document as InvoiceDocument;
          yield [
            row.number,
            row.kind,
            row.issuedOn,
            d.order.number,
            d.buyer.name,
            d.buyer.company ?? "",
            d.order.poNumber ?? "",
            dollars(row.subtotalCents),
            dollars(row.taxCents),
            dollars(row.totalCents),
            row.refersTo ? (numbers.get(row.refersTo) ?? "") : "",
            row.reason ?? "",
            d.totals.byRate
              .map(
                (r) =>
                  `${r.label} ${formatRate(r.rateMilli)}: ${dollars(r.netCents)} net, ${dollars(r.taxCents)} tax`,
              )
              .join("; "),
          ];
        }
        const last = batch.at(-1);
        if (!last || batch.length < exportBatch) return;
        after = { issuedOn: last.row.issuedOn, createdAt: last.at, id: last.row.id };
      }
    },
  };
}

/** The numbers of the invoices credit notes refer to, by id. */
async function numbersOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.number]));
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
