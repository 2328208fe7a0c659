import { expect, it } from "vitest";
import { contactMessageListAnswer } from "../../contract/answers";
import type { ContactMessage } from "../../contract/contact";
import { expectAnswer } from "../test/answers";
import { withField, without } from "../test/bodies";
import { call } from "../test/requests";
import { adminEmail, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { contactMessages } from "./tables";

let addresses = 0;
/** Each test writes from an address of its own, so the per-address limit only meets the test about it. */
const newAddress = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const message = {
  email: "workshop@example.com",
  subject: "Lots of brake pads",
  message: "Do you deliver 2,000 brake pads to Sylhet within a week?",
};

describeEachDatabase(
  "contact: POST /api/contact and the admins' inbox",
  (env) => {
    const people = usersAndAdmin(env);

    const send = (payload: object | string, from = newAddress(), who?: TestUser) =>
      call(env.app, "POST", "/api/contact", who, payload, { remoteAddress: from });
    const inbox = (query = "", who?: TestUser) => call(env.app, "GET", `/api/contact${query}`, who);
    const mark = (id: string, payload: object, who?: TestUser) =>
      call(env.app, "PATCH", `/api/contact/${id}`, who, payload);

    it("POST: anyone can write, signed in or not: 201 {insertedId}", async () => {
      const anonymous = await send(message);
      expect(anonymous.statusCode).toBe(201);
      expect(anonymous.json()).toEqual({ insertedId: expect.any(String) });
      for (const who of [people.user, people.admin]) {
        const res = await send({ ...message, subject: `From ${who.name}` }, newAddress(), who);
        expect(res.statusCode).toBe(201);
      }
    });

    it.each([
      ["no email", without("email"), "Email is Required"],
      ["a bad email", withField("email", "not an email"), "Provide a valid Email"],
      [
        "an email over 254 characters",
        withField("email", `${"a".repeat(250)}@example.com`),
        "Provide a valid Email",
      ],
      ["no subject", without("subject"), "Subject is Required"],
      ["a blank subject", withField("subject", "  "), "Subject is Required"],
      ["a subject over 200 characters", withField("subject", "s".repeat(201)), "Use at most 200 characters"],
      ["no message", without("message"), "Message is Required"],
      [
        "a message over 5000 characters",
        withField("message", "m".repeat(5001)),
        "Use at most 5,000 characters",
      ],
    ])("POST refuses %s with 400 and a readable message", async (_what, change, error) => {
      const before = await env.db.$count(contactMessages);
      const res = await send(change(message));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect(await env.db.$count(contactMessages)).toBe(before);
    });

    it("POST refuses a huge body with 413, a non-JSON body with 415 and broken JSON with 400", async () => {
      const huge = await send({ ...message, message: "m".repeat(200_000) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ error: "The request body is too large" });

      const formBody = "email=a%40b.co&subject=x&message=y";
      const form = await call(env.app, "POST", "/api/contact", undefined, formBody, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(form.statusCode).toBe(415);
      expect(form.json()).toHaveProperty("error");

      const broken = await call(env.app, "POST", "/api/contact", undefined, '{"email": ', {
        headers: { "content-type": "application/json" },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toHaveProperty("error");
    });

    it("POST: five messages a minute per address, then 429 with Retry-After; other addresses still write", async () => {
      const from = newAddress();
      for (let i = 0; i < 5; i++) expect((await send(message, from)).statusCode).toBe(201);
      const refused = await send(message, from);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: "Too many messages. Please wait a minute and try again." });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await send(message)).statusCode).toBe(201);
    });

    it("GET /api/contact: 401 anonymous, 403 users, the inbox newest first with its total for an admin", async () => {
      expect((await inbox()).statusCode).toBe(401);
      for (const who of [people.user, people.other]) {
        const refused = await inbox("", who);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toHaveProperty("error");
      }
      const newest = await send({ ...message, subject: "The newest one" });
      const res = await inbox("?limit=100", people.admin);
      expect(res.statusCode).toBe(200);
      const total = await env.db.$count(contactMessages);
      expect(res.headers["x-total-count"]).toBe(String(total));
      const items = res.json<ContactMessage[]>();
      expectAnswer(contactMessageListAnswer, items);
      expect(items).toHaveLength(total);
      expect(items[0]).toEqual({
        _id: newest.json().insertedId,
        email: message.email,
        subject: "The newest one",
        message: message.message,
        read: false,
        createdAt: expect.any(String),
      });
      const page = await inbox("?page=2&limit=3", people.admin);
      expect(page.json<ContactMessage[]>().map((m) => m._id)).toEqual(items.slice(3, 6).map((m) => m._id));
    });

    it("PATCH /api/contact/{id}: 401 anonymous, 403 users; an admin marks read and unread", async () => {
      const id = (await send(message)).json().insertedId as string;
      expect((await mark(id, { read: true })).statusCode).toBe(401);
      for (const who of [people.user, people.other])
        expect((await mark(id, { read: true }, who)).statusCode).toBe(403);

      expect((await mark(id, { read: true }, people.admin)).json()).toEqual({ modifiedCount: 1 });
      expect((await mark(id, { read: true }, people.admin)).json()).toEqual({ modifiedCount: 0 });
      const listed = (await inbox("?limit=100", people.admin)).json<ContactMessage[]>();
      expect(listed.find((m) => m._id === id)?.read).toBe(true);
      expect((await mark(id, { read: false }, people.admin)).json()).toEqual({ modifiedCount: 1 });
      const again = (await inbox("?limit=100", people.admin)).json<ContactMessage[]>();
      expect(again.find((m) => m._id === id)?.read).toBe(false);
    });

    it("PATCH: 404 unknown, 400 malformed id or body", async () => {
      const id = (await send(message)).json().insertedId as string;
      const unknown = await mark("8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f", { read: true }, people.admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "No message with that id" });
      const malformed = await mark("42", { read: true }, people.admin);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: "That is not a valid message id" });
      for (const body of [{ read: "yes" }, {}]) {
        const bad = await mark(id, body, people.admin);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ error: "read must be true or false" });
      }
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
