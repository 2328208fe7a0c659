import { parse } from "csv-parse/sync";
import { beforeAll, expect, it } from "vitest";
import { companies } from "../companies/tables";
import { insertOrder, insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { orderExportHeader } from "./export";
import { orderLines, orders } from "./tables";

const rowsOf = (text: string): Record<string, string>[] => parse(text.trim(), { columns: true });

describeEachDatabase(
  "orders CSV export",
  (env) => {
    const people = usersAndAdmin(env);
    /** Orders placed over many days, more than one batch of the export (500). */
    const bulk = 1_100;

    beforeAll(async () => {
      const wrench = await insertTool(env.db, { name: "Torque Wrench", sku: "TW-100", priceCents: 89_50 });
      const plug = await insertTool(env.db, { name: "+Spark Plug", priceCents: 6_40 });
      await insertOrder(env.db, wrench, people.user, {
        status: "paid",
        quantity: 20,
        phone: "+8801712345678",
        createdAt: new Date("2026-03-10T09:30:00Z"),
        transactionId: "pi_paid_1",
      });
      // An order of a company, on account, with its PO number (issue 27), shipped and due 30 days on.
      const [company] = await env.db
        .insert(companies)
        .values({ name: 'Garage, "Fast" Ltd', taxId: "DE1", address: "1 Road", status: "approved" })
        .returning();
      await insertOrder(env.db, plug, people.other, {
        status: "shipped",
        createdAt: new Date("2026-03-12T23:59:59.999Z"),
        companyId: company?.id,
        poNumber: "PO-7731",
        paymentMethod: "account",
        shippedOn: "2026-03-14",
        dueOn: "2026-04-13",
      });
      await insertOrder(env.db, wrench, people.other, { createdAt: new Date("2026-03-13T00:00:00Z") });
      // Many orders in one second: the keyset must not lose or repeat any of them.
      const userId = await userIdOf(env.db, people.user.email);
      const at = new Date("2026-01-05T12:00:00Z");
      const bulkOrders = await env.db
        .insert(orders)
        .values(
          Array.from({ length: bulk }, () => ({
            toolId: plug.id,
            userId,
            name: people.user.name,
            email: people.user.email,
            phone: "555",
            address: "1 Road",
            neededBy: "2030-01-01",
            productName: plug.name,
            unitPriceCents: plug.priceCents,
            quantity: 10,
            totalCents: plug.priceCents * 10,
            createdAt: at,
          })),
        )
        .returning({ id: orders.id });
      await env.db.insert(orderLines).values(
        bulkOrders.map((o) => ({
          orderId: o.id,
          lineNo: 1,
          toolId: plug.id,
          productName: plug.name,
          unitPriceCents: plug.priceCents,
          quantity: 10,
        })),
      );
    });

    const exportOrders = async (query = "") => {
      const res = await call(env.app, "GET", `/api/export/orders.csv${query}`, people.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };

    it("streams every order, oldest first, as a dated CSV download with every column", async () => {
      const res = await exportOrders();
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      expect(res.body.split("\n")[0]).toBe(orderExportHeader.join(","));
      // The columns clients read before company accounts keep their places; the new ones follow.
      expect(orderExportHeader.slice(0, 18).join(",")).toBe(
        "order_id,order_number,placed_at,updated_at,needed_by,buyer_name,buyer_email,phone,address,line,product,sku,quantity,unit_price,total,status,transaction_id,order_total",
      );
      expect(orderExportHeader.slice(18)).toEqual([
        "po_number",
        "payment_method",
        "company",
        "shipped_on",
        "due_on",
      ]);
      const rows = rowsOf(res.body);
      expect(rows).toHaveLength(bulk + 3);
      expect(new Set(rows.map((r) => r.order_id)).size).toBe(bulk + 3);
      // Every order's number, as people read it, each its own.
      expect(rows.every((r) => /^CM-\d{5,}$/.test(r.order_number ?? ""))).toBe(true);
      expect(new Set(rows.map((r) => r.order_number)).size).toBe(bulk + 3);
      expect(rows.at(-3)).toMatchObject({
        placed_at: "2026-03-10T09:30:00.000Z",
        buyer_name: people.user.name,
        buyer_email: people.user.email,
        phone: "'+8801712345678",
        address: "12 Garage Road",
        needed_by: "2030-01-15",
        product: "Torque Wrench",
        sku: "TW-100",
        quantity: "20",
        unit_price: "89.50",
        total: "1790.00",
        status: "paid",
        transaction_id: "pi_paid_1",
        line: "1",
        order_total: "1790.00",
        po_number: "",
        payment_method: "card",
        company: "",
        shipped_on: "",
        due_on: "",
      });
      expect(rows.at(-2)).toMatchObject({
        product: "'+Spark Plug",
        sku: "",
        status: "shipped",
        po_number: "PO-7731",
        payment_method: "account",
        company: 'Garage, "Fast" Ltd',
        shipped_on: "2026-03-14",
        due_on: "2026-04-13",
      });
    });

    it("keeps the orders of the given statuses and days (UTC, both ends included)", async () => {
      const paidOrShipped = rowsOf((await exportOrders("?status=paid,shipped")).body);
      expect(paidOrShipped.map((r) => r.status)).toEqual(["paid", "shipped"]);

      const march = rowsOf((await exportOrders("?from=2026-03-10&to=2026-03-12")).body);
      expect(march.map((r) => r.status)).toEqual(["paid", "shipped"]);
      const fromThirteenth = rowsOf((await exportOrders("?from=2026-03-13")).body);
      expect(fromThirteenth.map((r) => r.status)).toEqual(["pending"]);
      const pendingInJanuary = rowsOf((await exportOrders("?status=pending&to=2026-01-31")).body);
      expect(pendingInJanuary).toHaveLength(bulk);

      const none = await exportOrders("?status=cancelled");
      expect(none.body).toBe(`${orderExportHeader.join(",")}\n`);
    });

    it("takes every day from 0001-01-01 to 9999-12-31 (issue 22: the ends answered 500)", async () => {
      const all = rowsOf((await exportOrders()).body);
      for (const query of ["?to=9999-12-31", "?from=0001-01-01", "?from=0001-01-01&to=9999-12-31"]) {
        expect(rowsOf((await exportOrders(query)).body), query).toEqual(all);
      }
      expect(rowsOf((await exportOrders("?from=9999-12-31")).body)).toEqual([]);
      expect(rowsOf((await exportOrders("?to=0001-01-01")).body)).toEqual([]);
    });

    it.each([
      ["?status=lost", 'status "lost" is not one of pending, paid, shipped, cancelled'],
      ["?from=10/03/2026", "from must be a date like 2026-01-31"],
      ["?from=2026-03-12&to=2026-03-10", "from must not be after to"],
      ["?from=0000-01-01", "from must be between 0001-01-01 and 9999-12-31"],
      ["?to=0000-12-31", "to must be between 0001-01-01 and 9999-12-31"],
      ["?to=10000-01-01", "to must be a date like 2026-01-31"],
    ])("refuses %s with 400", async (query, error) => {
      const res = await call(env.app, "GET", `/api/export/orders.csv${query}`, people.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
    });

    it("is for admins only: 401 signed out, 403 for a user", async () => {
      expect((await call(env.app, "GET", "/api/export/orders.csv")).statusCode).toBe(401);
      expect((await call(env.app, "GET", "/api/export/orders.csv", people.user)).statusCode).toBe(403);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
