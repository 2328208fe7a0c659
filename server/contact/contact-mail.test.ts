import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { outboxDrained, SmtpInbox } from "../test/smtp-inbox";
import { describeEachDatabase, testOrigin } from "../test/test-env";

const deputyEmail = "deputy@carmechanic.example";
const unverifiedEmail = "late@carmechanic.example";
const inbox = new SmtpInbox();
const mailConfig: Record<string, string> = {
  ADMIN_EMAILS: [adminEmail, deputyEmail, unverifiedEmail].join(","),
};

beforeAll(async () => {
  mailConfig.SMTP_URL = await inbox.start();
});
afterAll(() => inbox.stop());

let addresses = 0;
const newAddress = () => `10.1.0.${++addresses}`;

describeEachDatabase(
  "contact messages by email to the admins",
  (env) => {
    let deputy: TestUser;

    beforeAll(async () => {
      await signUp(env.app, { email: adminEmail });
      deputy = await signUp(env.app, { email: deputyEmail });
      await signUp(env.app, { email: unverifiedEmail }, { verified: false });
    });

    const send = (subject: string) =>
      call(
        env.app,
        "POST",
        "/api/contact",
        undefined,
        { email: "workshop@example.com", subject, message: "Do you deliver 2,000 brake pads\nto Sylhet?" },
        { remoteAddress: newAddress() },
      );

    it("sends every verified admin one message with the sender, the text and a link to the inbox", async () => {
      const subject = `Brake pads ${Date.now()}`;
      expect((await send(subject)).statusCode).toBe(201);
      for (const to of [adminEmail, deputyEmail]) {
        const mail = await inbox.one(to, `Contact message: ${subject}`);
        expect(mail.text).toContain("From: workshop@example.com");
        expect(mail.text).toContain("Do you deliver 2,000 brake pads");
        expect(mail.html).toContain(`href="${testOrigin}/dashboard/contactMessages"`);
      }
      await outboxDrained(env.db);
      expect(inbox.to(unverifiedEmail, "Contact message")).toEqual([]);
    });

    it("sends nothing to an admin who turned contact messages off", async () => {
      const off = await call(env.app, "PUT", "/api/account/notifications", deputy, {
        "contact-message": false,
      });
      expect(off.statusCode, off.body).toBe(200);
      const subject = `Clutch kits ${Date.now()}`;
      expect((await send(subject)).statusCode).toBe(201);
      await inbox.one(adminEmail, `Contact message: ${subject}`);
      await outboxDrained(env.db);
      expect(inbox.to(deputyEmail, subject)).toEqual([]);
    });
  },
  mailConfig,
);
