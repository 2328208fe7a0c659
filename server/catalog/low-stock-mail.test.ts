import { afterAll, beforeAll, expect, it } from "vitest";
import { placeOrder } from "../orders/order-test-helpers";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { outboxDrained, SmtpInbox } from "../test/smtp-inbox";
import { describeEachDatabase } from "../test/test-env";

const inbox = new SmtpInbox();
const mailConfig: Record<string, string> = { ADMIN_EMAILS: adminEmail };

beforeAll(async () => {
  mailConfig.SMTP_URL = await inbox.start();
});
afterAll(() => inbox.stop());

describeEachDatabase(
  "low stock by email to the admins",
  (env) => {
    let admin: TestUser;
    let buyer: TestUser;
    beforeAll(async () => {
      admin = await signUp(env.app, { email: adminEmail });
      buyer = await signUp(env.app);
    });

    it("tells every admin once when an order takes a tool down to its low-stock level", async () => {
      const tool = await insertTool(env.db, { minimum: 10, available: 600, lowStockAt: 550 });
      await placeOrder(env.app, buyer, tool.id, 40);
      await placeOrder(env.app, buyer, tool.id, 20);
      const mail = await inbox.one(adminEmail, `Low stock: ${tool.name}`);
      expect(mail.text).toContain("540");
    });

    it("sends nothing to an admin who turned low-stock messages off", async () => {
      const off = await call(env.app, "PUT", "/api/account/notifications", admin, { "low-stock": false });
      expect(off.statusCode, off.body).toBe(200);
      const tool = await insertTool(env.db, { minimum: 10, available: 600, lowStockAt: 550 });
      await placeOrder(env.app, buyer, tool.id, 60);
      await outboxDrained(env.db);
      expect(inbox.to(adminEmail, `Low stock: ${tool.name}`)).toEqual([]);
    });
  },
  mailConfig,
);
