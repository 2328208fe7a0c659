import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoment } from "../mail/templates/render";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { outboxDrained, SmtpInbox } from "../test/smtp-inbox";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { backdateOrder, insertOrderOfLines, orderBody, payOrder, placeOrder } from "./order-test-helpers";

const hour = 3_600_000;
type Tool = Awaited<ReturnType<typeof insertTool>>;

const inbox = new SmtpInbox();
const mailConfig: Record<string, string> = { ADMIN_EMAILS: adminEmail, UNPAID_ORDER_HOURS: "48" };

beforeAll(async () => {
  mailConfig.SMTP_URL = await inbox.start();
});
afterAll(() => inbox.stop());

describeEachDatabase(
  "order messages by email",
  (env) => {
    let buyer: TestUser;
    let admin: TestUser;
    let tool: { id: string; name: string };

    beforeAll(async () => {
      buyer = await signUp(env.app, { name: "Amina Workshop" });
      admin = await signUp(env.app, { email: adminEmail });
      tool = await insertTool(env.db, { priceCents: 12_34, minimum: 10, available: 100_000 });
    });

    it("tells the buyer an order is placed: lot, total, needed-by date, pay-by deadline and a Pay link", async () => {
      const res = await call(
        env.app,
        "POST",
        "/api/order",
        buyer,
        orderBody(tool.id, 20, { orderDate: "2030-03-05" }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order;
      const mail = await inbox.one(buyer.email, `Order placed: ${tool.name}`, order._id);
      expect(mail.text).toContain("Car Mechanic");
      expect(mail.text).toContain("20 pieces × $12.34");
      expect(mail.text).toContain("Total: $246.80");
      expect(mail.text).toContain("Needed by: March 5, 2030");
      const payBy = new Date(new Date(order.createdAt).getTime() + 48 * hour);
      expect(mail.text).toContain(`Pay by: ${formatMoment(payBy)}`);
      expect(mail.html).toContain(`href="${testOrigin}/dashboard/payment/${order._id}"`);
      expect(mail.text).toContain(`${testOrigin}/dashboard/payment/${order._id}`);
    });

    it("writes names into the compiled order-placed message as text, never as markup", async () => {
      const odd = await insertTool(env.db, { name: `Pads & "Discs" <XL>`, minimum: 1, available: 100_000 });
      const order = await placeOrder(env.app, buyer, odd.id, 1);
      const mail = await inbox.one(buyer.email, "Order placed: Pads", order._id);
      expect(mail.text).toContain(`Product: Pads & "Discs" <XL>`);
      expect(mail.html).toContain("Pads &amp; &quot;Discs&quot; &lt;XL&gt;");
      expect(mail.html).not.toContain("<XL>");
    });

    it("sends the buyer a receipt and every admin a paid order to ship, once each", async () => {
      const order = await placeOrder(env.app, buyer, tool.id, 10);
      const paid = await payOrder(env.app, buyer, order._id);
      const receipt = await inbox.one(buyer.email, `Payment received: ${tool.name}`, order._id);
      expect(receipt.text).toContain("Amount paid: $123.40");
      expect(receipt.text).toContain(`Transaction id: ${paid.transactionId}`);
      expect(receipt.text).toMatch(/Date: \w{3} \d{1,2}, \d{4}/);
      expect(receipt.html).toContain(`href="${testOrigin}/dashboard"`);

      const toShip = await inbox.one(adminEmail, `Paid order to ship: ${tool.name}`, order._id);

      expect(toShip.text).toContain("Total: $123.40");
      expect(toShip.text).toContain(buyer.email);
      expect(toShip.html).toContain(`href="${testOrigin}/dashboard/manageAllOrder"`);
    });

    it("tells the buyer the order shipped when an admin ships it", async () => {
      const order = await placeOrder(env.app, buyer, tool.id, 30);
      await payOrder(env.app, buyer, order._id);
      expect((await call(env.app, "PUT", `/api/allOrder/${order._id}`, admin)).statusCode).toBe(200);
      const mail = await inbox.one(buyer.email, `Your order has shipped: ${tool.name}`, order._id);

      expect(mail.text).toContain("30 pieces");
    });

    it("tells the buyer an admin cancelled the order, why, and that no card was charged", async () => {
      const order = await placeOrder(env.app, buyer, tool.id, 40);
      expect((await call(env.app, "DELETE", `/api/allOrder/${order._id}`, admin)).statusCode).toBe(200);
      const mail = await inbox.one(buyer.email, `Order cancelled: ${tool.name}`, order._id);

      expect(mail.text).toContain("Reason: Removed by an admin");
      expect(mail.text).toContain("No card was charged");
    });

    it("tells the buyer an unpaid order was released by the expiry", async () => {
      const order = await placeOrder(env.app, buyer, tool.id, 50);
      await backdateOrder(env.db, order._id, 49);
      expect(await env.app.expireUnpaidOrders(new Date())).toBeGreaterThanOrEqual(1);
      const mail = await inbox.one(buyer.email, `Order released, not paid in time: ${tool.name}`, order._id);

      expect(mail.text).toContain("Reason: Not paid within 48 hours");
      expect(mail.text).toContain("No card was charged");
    });

    it("reminds the buyer once, a day before an unpaid order is released", async () => {
      const reminded = await signUp(env.app);
      const due = await placeOrder(env.app, reminded, tool.id, 60);
      await backdateOrder(env.db, due._id, 25);
      const fresh = await placeOrder(env.app, reminded, tool.id, 70);
      await backdateOrder(env.db, fresh._id, 23);
      await env.app.remindUnpaidOrders(new Date());
      await env.app.remindUnpaidOrders(new Date());
      const mail = await inbox.one(reminded.email, "Reminder: pay by", due._id);

      expect(mail.text).toContain(`${testOrigin}/dashboard/payment/${due._id}`);
      await outboxDrained(env.db);
      expect(inbox.to(reminded.email, "Reminder")).toHaveLength(1);
    });

    it("lets an admin turn the paid-order message off; the buyer's receipt still goes", async () => {
      const before = await call(env.app, "GET", "/api/account/notifications", admin);
      expect(before.statusCode).toBe(200);
      expect(before.json().notifications).toContainEqual(
        expect.objectContaining({ kind: "paid-order", enabled: true }),
      );
      const off = await call(env.app, "PUT", "/api/account/notifications", admin, { "paid-order": false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().notifications).toContainEqual(
        expect.objectContaining({ kind: "paid-order", enabled: false }),
      );

      const order = await placeOrder(env.app, buyer, tool.id, 80);
      await payOrder(env.app, buyer, order._id);
      await inbox.one(buyer.email, "Payment received", order._id);
      await outboxDrained(env.db);
      expect(inbox.received.filter((m) => m.to === adminEmail && m.text.includes(order._id))).toEqual([]);

      await call(env.app, "PUT", "/api/account/notifications", admin, { "paid-order": true });
    });

    describe("of an order of several lines", () => {
      let plugs: Tool;
      let discs: Tool;
      let filters: Tool;
      /** Each line as the messages write it, for the quantities ordered below. */
      const written = [
        "1. Spark plugs, SKU LM-SP-1: 500 pieces × $0.90 = $450.00",
        "2. Brake discs, SKU LM-BD-1: 20 pieces × $12.50 = $250.00",
        "3. Oil filters: 1 piece × $7.25 = $7.25",
      ];
      const threeLines = () =>
        insertOrderOfLines(env.app, buyer, [
          [plugs, 500],
          [discs, 20],
          [filters, 1],
        ]);
      const listsTheLines = (text: string) => {
        expect(text).toContain("Lines (3):");
        for (const line of written) expect(text).toContain(line);
        expect(text).toContain("Total: $707.25");
      };

      beforeAll(async () => {
        plugs = await insertTool(env.db, {
          name: "Spark plugs",
          sku: "LM-SP-1",
          priceCents: 90,
          minimum: 100,
          available: 100_000,
        });
        discs = await insertTool(env.db, {
          name: "Brake discs",
          sku: "LM-BD-1",
          priceCents: 12_50,
          available: 100_000,
        });
        filters = await insertTool(env.db, {
          name: "Oil filters",
          priceCents: 7_25,
          minimum: 1,
          available: 100_000,
        });
      });

      it("the receipt and the admins' paid order to ship list the 3 lines and the total", async () => {
        const order = await threeLines();
        expect(order.total).toBe(707.25);
        await payOrder(env.app, buyer, order._id);
        const receipt = await inbox.one(buyer.email, "Payment received: Spark plugs and 2 more", order._id);
        listsTheLines(receipt.text);
        expect(receipt.text).toContain("Amount paid: $707.25");
        const toShip = await inbox.one(adminEmail, "Paid order to ship: Spark plugs and 2 more", order._id);
        listsTheLines(toShip.text);

        expect((await call(env.app, "PUT", `/api/allOrder/${order._id}`, admin)).statusCode).toBe(200);
        const shipped = await inbox.one(
          buyer.email,
          "Your order has shipped: Spark plugs and 2 more",
          order._id,
        );
        listsTheLines(shipped.text);
      });

      it("the cancellation, the release and the reminder list the 3 lines", async () => {
        const cancelled = await threeLines();
        expect((await call(env.app, "DELETE", `/api/allOrder/${cancelled._id}`, admin)).statusCode).toBe(200);
        listsTheLines(
          (await inbox.one(buyer.email, "Order cancelled: Spark plugs and 2 more", cancelled._id)).text,
        );

        const reminded = await threeLines();
        await backdateOrder(env.db, reminded._id, 25);
        await env.app.remindUnpaidOrders(new Date());
        listsTheLines((await inbox.one(buyer.email, "Reminder: pay by", reminded._id)).text);

        const released = await threeLines();
        await backdateOrder(env.db, released._id, 49);
        expect(await env.app.expireUnpaidOrders(new Date())).toBeGreaterThanOrEqual(1);
        listsTheLines(
          (
            await inbox.one(
              buyer.email,
              "Order released, not paid in time: Spark plugs and 2 more",
              released._id,
            )
          ).text,
        );
      });
    });
  },
  mailConfig,
);
