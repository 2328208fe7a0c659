import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Order, PlaceOrderResponse } from "../../contract/orders";
import { outbox } from "../mail/tables";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { orderBody, payOrder, placeOrder } from "./order-test-helpers";
import { orders } from "./tables";

const orderNumber = /^CM-(\d{5,})$/;

describeEachDatabase(
  "order numbers a person can read and say (CM-10482)",
  (env) => {
    const people = usersAndAdmin(env);
    let toolId: string;
    beforeAll(async () => {
      toolId = (await insertTool(env.db, { name: "Brake Caliper", minimum: 1, available: 1_000_000 })).id;
    });

    const mailsAbout = async (orderId: string) =>
      (await env.db.select().from(outbox)).filter((m) => m.text.includes(orderId));

    it("gives each of 200 orders placed at once its own number", async () => {
      const buyers = [people.user, people.other];
      const placed = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call(env.app, "POST", "/api/order", buyers[i % 2], orderBody(toolId, 1 + (i % 5))),
        ),
      );
      for (const res of placed) expect(res.statusCode, res.body).toBe(201);
      const numbers = placed.map((res) => res.json<PlaceOrderResponse>().order.orderNumber);
      expect(numbers.every((n) => orderNumber.test(n))).toBe(true);
      expect(new Set(numbers).size).toBe(200);
      // As stored: the number each answer named, unique in the table.
      const stored = await env.db.select({ id: orders.id, number: orders.number }).from(orders);
      const byId = new Map(stored.map((o) => [o.id, `CM-${o.number}`]));
      for (const res of placed) {
        const { order } = res.json<PlaceOrderResponse>();
        expect(byId.get(order._id)).toBe(order.orderNumber);
      }
      expect(new Set(stored.map((o) => o.number)).size).toBe(stored.length);
    }, 90_000); // 200 orders through one PGlite on a busy 2-core machine take tens of seconds

    it("shows the number in My Orders, one order, the orders CSV and every message of the order", async () => {
      const order = await placeOrder(env.app, people.user, toolId, 12);
      expect(order.orderNumber).toMatch(orderNumber);
      const mine = await call(env.app, "GET", "/api/order", people.user);
      expect(mine.json<Order[]>().find((o) => o._id === order._id)?.orderNumber).toBe(order.orderNumber);
      const one = await call(env.app, "GET", `/api/order/${order._id}`, people.user);
      expect(one.json<Order>().orderNumber).toBe(order.orderNumber);

      const csv = await call(env.app, "GET", "/api/export/orders.csv", people.admin);
      const rows: Record<string, string>[] = parse(csv.body.trim(), { columns: true });
      expect(rows.find((r) => r.order_id === order._id)?.order_number).toBe(order.orderNumber);

      await payOrder(env.app, people.user, order._id);
      const ship = await call(env.app, "PUT", `/api/allOrder/${order._id}`, people.admin, {
        status: "Shipped",
      });
      expect(ship.statusCode, ship.body).toBe(200);
      const mails = await mailsAbout(order._id);
      expect(mails.map((m) => m.kind).sort()).toEqual(
        ["admin-paid-order", "order-placed", "order-shipped", "payment-received"].sort(),
      );
      for (const mail of mails) {
        expect(mail.subject, mail.kind).toContain(`(${order.orderNumber})`);
        expect(mail.text, mail.kind).toContain(`Order: ${order.orderNumber}`);
        expect(mail.html, mail.kind).toContain(order.orderNumber);
      }
      const receipt = mails.find((m) => m.kind === "payment-received");
      expect(receipt?.text).toContain("Card: Visa ending in 4242");
      expect(receipt?.text).toContain("Amount paid: $150.00");
    });

    it("answers the buyer's PATCH with the receipt: number, amount, card brand and last four, date, email", async () => {
      const order = await placeOrder(env.app, people.other, toolId, 4);
      const paid = await payOrder(env.app, people.other, order._id);
      expect(paid).toMatchObject({
        _id: order._id,
        orderNumber: order.orderNumber,
        paid: true,
        receipt: {
          orderNumber: order.orderNumber,
          amount: 50,
          cardBrand: "visa",
          cardLast4: "4242",
          emailedTo: people.other.email,
        },
      });
      const { receipt } = paid as Order & { receipt: { paidAt: string } };
      expect(Number.isNaN(Date.parse(receipt.paidAt))).toBe(false);
    });

    it("finds an order by its number in the admin's search, however it is typed", async () => {
      const order = await placeOrder(env.app, people.user, toolId, 3);
      const digits = orderNumber.exec(order.orderNumber)?.[1] ?? "";
      for (const q of [
        order.orderNumber,
        order.orderNumber.toLowerCase(),
        `CM ${digits}`,
        `#${digits}`,
        digits,
      ]) {
        const res = await call(env.app, "GET", `/api/allOrder?q=${encodeURIComponent(q)}`, people.admin);
        expect(res.statusCode, res.body).toBe(200);
        expect(
          res.json<Order[]>().map((o) => o.orderNumber),
          q,
        ).toEqual([order.orderNumber]);
      }
      const none = await call(env.app, "GET", "/api/allOrder?q=CM-1", people.admin);
      expect(none.json()).toEqual([]);
    });

    it("lets no two orders share a number (a unique column)", async () => {
      const [row] = await env.db.select().from(orders).limit(1);
      if (!row) throw new Error("no order");
      await expect(
        env.db
          .update(orders)
          .set({ number: row.number + 1 })
          .where(eq(orders.id, row.id)),
      ).rejects.toThrow();
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
