import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceListAnswer, invoiceMessages } from "../../contract/invoices";
import { pageLinks } from "../../contract/paging";
import { companyWithBuyer, memberOf } from "../companies/company-test-helpers";
import type { Db } from "../db/database";
import { orderBody, payOrder, placeOrder } from "../orders/order-test-helpers";
import { orderLines, orders } from "../orders/tables";
import { expectAnswer } from "../test/answers";
import { insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { SmtpInbox } from "../test/smtp-inbox";
import { describeEachDatabase } from "../test/test-env";
import { pdfText, squeeze } from "./invoice-test-helpers";
import { createOrderInvoices } from "./issue";
import { invoiceCounters, invoices } from "./tables";

const inbox = new SmtpInbox();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "invoices-test-"));
const config: Record<string, string> = { ADMIN_EMAILS: adminEmail, DATA_DIR: dataDir };

beforeAll(async () => {
  config.SMTP_URL = await inbox.start();
});
afterAll(async () => {
  await inbox.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Issues the order's invoice through the port, as orders do, on `day`. */
async function issueOn(db: Db, orderId: string, day: string, fail = false) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new Error("no order");
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.lineNo));
    const issued = await createOrderInvoices(() => day).issueInvoice(tx, order, lines);
    if (fail) throw new Error("rolled back on purpose");
    return issued;
  });
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describeEachDatabase(
  "invoices and credit notes",
  (env) => {
    let shopAdmin: TestUser;
    beforeAll(async () => {
      shopAdmin = await signUp(env.app, { email: adminEmail });
    });

    /** `count` orders of one new buyer, inserted straight into the table, with their lines. */
    async function manyOrders(count: number): Promise<string[]> {
      const tool = await insertTool(env.db, { priceCents: 1000, minimum: 1, available: 100_000 });
      const buyer = await signUp(env.app);
      const userId = await userIdOf(env.db, buyer.email);
      const rows = await env.db
        .insert(orders)
        .values(
          Array.from({ length: count }, () => ({
            toolId: tool.id,
            userId,
            name: buyer.name,
            email: buyer.email,
            phone: "+1 555 010 0100",
            address: "12 Garage Lane",
            neededBy: "2030-01-15",
            productName: tool.name,
            unitPriceCents: 1000,
            quantity: 2,
            totalCents: 2000,
            status: "paid" as const,
            transactionId: `pi_${crypto.randomUUID()}`,
          })),
        )
        .returning({ id: orders.id });
      await env.db.insert(orderLines).values(
        rows.map((r) => ({
          orderId: r.id,
          lineNo: 1,
          toolId: tool.id,
          sku: tool.sku,
          productName: tool.name,
          unitPriceCents: 1000,
          quantity: 2,
        })),
      );
      return rows.map((r) => r.id);
    }

    describe("numbering", () => {
      it("numbers 1,000 invoices issued at once 1 to 1,000, none twice, none missing", {
        timeout: 120_000,
      }, async () => {
        const ids = await manyOrders(1000);
        const issued = await Promise.all(ids.map((id) => issueOn(env.db, id, "2031-06-01")));
        const sequences = issued.map((d) => Number(d.number.slice(-6))).sort((a, b) => a - b);
        expect(sequences).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
        const rows = await env.db
          .select({ sequence: invoices.sequence, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.year, 2031));
        expect(new Set(rows.map((r) => r.sequence)).size).toBe(1000);
        expect(rows.map((r) => r.number).sort()).toContain("INV-2031-001000");
      });

      it("gives a rolled-back transaction's number to the next invoice: no gap", async () => {
        const [a, b, c] = await manyOrders(3);
        expect((await issueOn(env.db, a as string, "2032-03-01")).number).toBe("INV-2032-000001");
        await expect(issueOn(env.db, b as string, "2032-03-02", true)).rejects.toThrow("on purpose");
        expect((await issueOn(env.db, c as string, "2032-03-03")).number).toBe("INV-2032-000002");
        expect(await env.db.$count(invoices, eq(invoices.orderId, b as string))).toBe(0);
      });

      it("starts each year at 000001", async () => {
        const [a, b] = await manyOrders(2);
        const december = await issueOn(env.db, a as string, "2026-12-31");
        expect(december.number).toMatch(/^INV-2026-\d{6}$/);
        expect((await issueOn(env.db, b as string, "2027-01-01")).number).toBe("INV-2027-000001");
        const [counter] = await env.db
          .select()
          .from(invoiceCounters)
          .where(and(eq(invoiceCounters.kind, "invoice"), eq(invoiceCounters.year, 2027)));
        expect(counter?.last).toBe(1);
      });
    });

    describe("downloads", () => {
      let companyAdmin: TestUser;
      let orderer: TestUser;
      let otherBuyer: TestUser;
      let companyId: string;
      let orderId: string;
      let invoiceNumber: string;

      beforeAll(async () => {
        const made = await companyWithBuyer(env, shopAdmin, { paymentTermsDays: 30, creditLimit: 10_000 });
        companyAdmin = made.buyer;
        companyId = made.company._id;
        orderer = await memberOf(env, companyAdmin, companyId, "buyer");
        otherBuyer = await memberOf(env, companyAdmin, companyId, "buyer");
        const tool = await insertTool(env.db, { priceCents: 1250, minimum: 2, available: 100_000 });
        const order = await placeOrder(env.app, orderer, tool.id, 4);
        orderId = order._id;
        const paid = await payOrder(env.app, orderer, orderId);
        invoiceNumber = paid.invoiceNumber as string;
        expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
      });

      const download = (who: TestUser | undefined, kind = "invoice") =>
        call(env.app, "GET", `/api/orders/${orderId}/${kind}.pdf`, who);

      it("gives the buyer the invoice as a PDF named by its number, the same bytes every time, hashed", async () => {
        const first = await download(orderer);
        expect(first.statusCode, first.body).toBe(200);
        expect(first.headers["content-type"]).toBe("application/pdf");
        expect(first.headers["content-disposition"]).toBe(`attachment; filename="${invoiceNumber}.pdf"`);
        const bytes = first.rawPayload;
        const [row] = await env.db.select().from(invoices).where(eq(invoices.orderId, orderId));
        expect(row?.fileKey).toBe(`invoice-${row?.id}.pdf`);
        expect(row?.sha256).toBe(sha256(bytes));
        expect(row?.size).toBe(bytes.length);
        expect(first.headers.etag).toBe(`"${sha256(bytes)}"`);
        const again = await Promise.all([download(orderer), download(shopAdmin), download(companyAdmin)]);
        for (const res of again) {
          expect(res.statusCode).toBe(200);
          expect(res.rawPayload.equals(bytes)).toBe(true);
        }
        const { text } = await pdfText(bytes);
        expect(squeeze(text)).toContain(`Invoice ${invoiceNumber}`);
        expect(squeeze(text)).toMatch(/4 \$12\.50 0% \$50\.00 \$0\.00/);
        expect(squeeze(text)).toMatch(/Total \$50\.00/);
      });

      it("puts a PDF lost from the storage back, the same bytes, and refuses one changed on disk", async () => {
        const [row] = await env.db.select().from(invoices).where(eq(invoices.orderId, orderId));
        const file = path.join(dataDir, "uploads", row?.fileKey as string);
        const original = fs.readFileSync(file);
        fs.rmSync(file);
        const restored = await download(orderer);
        expect(restored.statusCode).toBe(200);
        expect(restored.rawPayload.equals(original)).toBe(true);
        expect(fs.readFileSync(file).equals(original)).toBe(true);
        fs.writeFileSync(file, Buffer.concat([original, Buffer.from("%tampered")]));
        const changed = await download(orderer);
        expect(changed.statusCode).toBe(500);
        fs.writeFileSync(file, original);
        expect((await download(orderer)).rawPayload.equals(original)).toBe(true);
      });

      it("renders a PDF once even when the first downloads come together", async () => {
        const [fresh] = await manyOrders(1);
        const issued = await issueOn(env.db, fresh as string, "2033-02-01");
        const [row] = await env.db.select().from(invoices).where(eq(invoices.id, issued.id));
        expect(row?.fileKey).toBeNull();
        // The shop admin may read any order.
        const downloads = await Promise.all(
          Array.from({ length: 5 }, () =>
            call(env.app, "GET", `/api/orders/${fresh}/invoice.pdf`, shopAdmin),
          ),
        );
        const first = downloads[0]?.rawPayload as Buffer;
        for (const res of downloads) expect(res.rawPayload.equals(first)).toBe(true);
        const [stored] = await env.db.select().from(invoices).where(eq(invoices.id, issued.id));
        expect(stored?.sha256).toBe(sha256(first));
      });

      it("lets the buyer, their company's admins and the shop's admins download it; anyone else 404, a visitor 401", async () => {
        const stranger = await signUp(env.app);
        const other = await companyWithBuyer(env, shopAdmin);
        const answers = {
          orderer: (await download(orderer)).statusCode,
          companyAdmin: (await download(companyAdmin)).statusCode,
          shopAdmin: (await download(shopAdmin)).statusCode,
          // A buyer of the same company reads only the orders they placed (as GET /api/order/{id}).
          otherBuyerOfTheCompany: (await download(otherBuyer)).statusCode,
          adminOfAnotherCompany: (await download(other.buyer)).statusCode,
          stranger: (await download(stranger)).statusCode,
          visitor: (await download(undefined)).statusCode,
        };
        expect(answers).toEqual({
          orderer: 200,
          companyAdmin: 200,
          shopAdmin: 200,
          otherBuyerOfTheCompany: 404,
          adminOfAnotherCompany: 404,
          stranger: 404,
          visitor: 401,
        });
        const hidden = await download(stranger);
        const unknown = await call(
          env.app,
          "GET",
          `/api/orders/${crypto.randomUUID()}/invoice.pdf`,
          stranger,
        );
        expect(hidden.json()).toEqual(unknown.json());
        const bad = await call(env.app, "GET", "/api/orders/not-an-id/invoice.pdf", orderer);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toHaveProperty("error");
      });

      it("answers 404 with why for an order with no invoice yet, and for no credit note", async () => {
        const tool = await insertTool(env.db, { minimum: 1, available: 100_000 });
        const unpaid = await placeOrder(env.app, orderer, tool.id, 1);
        const res = await call(env.app, "GET", `/api/orders/${unpaid._id}/invoice.pdf`, orderer);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: invoiceMessages.noInvoice });
        const none = await download(orderer, "credit-note");
        expect(none.statusCode).toBe(404);
        expect(none.json()).toEqual({ error: invoiceMessages.noCreditNote });
      });

      it("attaches the invoice's PDF to the buyer's receipt", async () => {
        const mail = await inbox.one(orderer.email, "Payment received", "");
        const attached = mail.parsed.attachments;
        expect(attached.map((a) => a.filename)).toEqual([`${invoiceNumber}.pdf`]);
        expect(attached[0]?.contentType).toBe("application/pdf");
        const pdf = await download(orderer);
        expect(attached[0]?.content.equals(pdf.rawPayload)).toBe(true);
        // The admins' Outbox page names it.
        const page = await call(env.app, "GET", "/api/outbox?limit=100", shopAdmin);
        expect(page.statusCode, page.body).toBe(200);
        const receipt = page
          .json<{ kind: string; to: string; attachments: string[] }[]>()
          .find((m) => m.kind === "payment-received" && m.to.toLowerCase() === orderer.email.toLowerCase());
        expect(receipt?.attachments).toEqual([`${invoiceNumber}.pdf`]);
      });

      it("issues an on-account order's invoice as it ships and attaches it to the shipment message", async () => {
        const tool = await insertTool(env.db, { priceCents: 800, minimum: 1, available: 100_000 });
        const placed = await call(env.app, "POST", "/api/order", companyAdmin, {
          ...orderBody(tool.id, 3),
          paymentMethod: "account",
          poNumber: "PO-55",
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const id = placed.json<{ order: { _id: string } }>().order._id;
        const none = await call(env.app, "GET", `/api/orders/${id}/invoice.pdf`, companyAdmin);
        expect(none.statusCode).toBe(404);
        const shipped = await call(env.app, "PUT", `/api/allOrder/${id}`, shopAdmin);
        expect(shipped.statusCode, shipped.body).toBe(200);
        const [issued] = await env.db.select().from(invoices).where(eq(invoices.orderId, id));
        const number = issued?.number;
        expect(number).toMatch(/^INV-/);
        const pdf = await call(env.app, "GET", `/api/orders/${id}/invoice.pdf`, companyAdmin);
        expect(pdf.statusCode).toBe(200);
        const text = squeeze((await pdfText(pdf.rawPayload)).text);
        expect(text).toContain("PO number PO-55");
        expect(text).toContain("Terms Payment due 30 days after shipping");
        expect(text).toMatch(/Due date \w+ \d+, \d{4}/);
        const mail = await inbox.one(companyAdmin.email, "Your order has shipped", "");
        expect(mail.parsed.attachments.map((a) => a.filename)).toEqual([`${number}.pdf`]);
        expect(mail.parsed.attachments[0]?.content.equals(pdf.rawPayload)).toBe(true);
      });

      it("lists a credit note with the invoice it corrects, and serves its PDF", async () => {
        await env.db.transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
          if (!order) throw new Error("no order");
          await createOrderInvoices().issueCreditNote(tx, order, "Returned unused");
        });
        const res = await download(orderer, "credit-note");
        expect(res.statusCode, res.body).toBe(200);
        const { text } = await pdfText(res.rawPayload);
        expect(squeeze(text)).toContain(`Credit note for invoice ${invoiceNumber}`);
        expect(squeeze(text)).toContain("Reason: Returned unused");
        const list = await call(env.app, "GET", `/api/invoices?companyId=${companyId}`, shopAdmin);
        expect(list.statusCode, list.body).toBe(200);
        expectAnswer(invoiceListAnswer, list.json());
        const items =
          list.json<{ kind: string; number: string; refersTo: string | null; companyId: string }[]>();
        // Newest first: the credit note, then the invoices (this order's and the one shipped above).
        expect(items.map((i) => i.kind)).toEqual(["credit_note", "invoice", "invoice"]);
        expect(items[0]?.refersTo).toBe(invoiceNumber);
        expect(items.map((i) => i.number)).toContain(invoiceNumber);
        expect(items.every((i) => i.companyId === companyId)).toBe(true);
      });
    });

    describe("the admins' list and export", () => {
      const days = ["2035-01-03", "2035-01-01", "2035-01-02", "2035-01-02", "2035-01-05"];
      let numbers: string[];
      beforeAll(async () => {
        const ids = await manyOrders(days.length);
        numbers = [];
        for (const [i, id] of ids.entries())
          numbers.push((await issueOn(env.db, id, days[i] as string)).number);
      });

      it("lists newest first by issue day, a page at a time, within from and to", async () => {
        let url: string | undefined = "/api/invoices?from=2035-01-01&to=2035-01-03&limit=2";
        const seen: { number: string; issuedOn: string }[] = [];
        while (url) {
          const res = await call(env.app, "GET", url, shopAdmin);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers["x-total-count"]).toBe("4");
          expectAnswer(invoiceListAnswer, res.json());
          seen.push(...res.json<{ number: string; issuedOn: string }[]>());
          url = pageLinks(res.headers.link as string | undefined).next;
        }
        expect(seen.map((s) => s.issuedOn)).toEqual(["2035-01-03", "2035-01-02", "2035-01-02", "2035-01-01"]);
        // The same day: the later issued first.
        expect(seen.map((s) => s.number)).toEqual([numbers[0], numbers[3], numbers[2], numbers[1]]);
        const kind = await call(env.app, "GET", "/api/invoices?from=2035-01-01&kind=credit_note", shopAdmin);
        expect(kind.json()).toEqual([]);
      });

      it("refuses bad filters with 400 and anyone but a shop admin", async () => {
        for (const q of [
          "from=2035-02-30",
          "from=2035-02-02&to=2035-01-01",
          "kind=bill",
          "companyId=x",
          "cursor=x",
        ]) {
          const res = await call(env.app, "GET", `/api/invoices?${q}`, shopAdmin);
          expect(res.statusCode, q).toBe(400);
          expect(res.json()).toHaveProperty("error");
        }
        const user = await signUp(env.app);
        expect((await call(env.app, "GET", "/api/invoices", user)).statusCode).toBe(403);
        expect((await call(env.app, "GET", "/api/invoices")).statusCode).toBe(401);
        expect((await call(env.app, "GET", "/api/export/invoices.csv", user)).statusCode).toBe(403);
      });

      it("exports one row per document, oldest first, with its amounts", async () => {
        const res = await call(
          env.app,
          "GET",
          "/api/export/invoices.csv?from=2035-01-01&to=2035-12-31",
          shopAdmin,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
        expect(res.headers["content-disposition"]).toMatch(
          /^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        const rows = parse(res.body, { columns: true }) as Record<string, string>[];
        expect(rows.map((r) => r.issued_on)).toEqual([
          "2035-01-01",
          "2035-01-02",
          "2035-01-02",
          "2035-01-03",
          "2035-01-05",
        ]);
        expect(rows[0]).toMatchObject({
          number: numbers[1],
          kind: "invoice",
          subtotal: "20.00",
          tax: "0.00",
          total: "20.00",
          company: "",
          refers_to: "",
          tax_detail: "No tax 0%: 20.00 net, 0.00 tax",
        });
        expect(rows[0]?.order_number).toMatch(/\S/);
        expect(rows[0]?.buyer).toMatch(/\S/);
      });
    });

    it("keeps the counters consistent with the documents", async () => {
      const [max] = await env.db
        .select({ n: sql<number>`max(${invoices.sequence})::int` })
        .from(invoices)
        .where(and(eq(invoices.kind, "invoice"), eq(invoices.year, 2031)));
      expect(max?.n).toBe(1000);
    });
  },
  config,
);
