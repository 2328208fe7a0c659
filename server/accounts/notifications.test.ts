import { expect, it } from "vitest";
import { notificationSettingsAnswer } from "../../contract/answers";
import { adminMailKinds } from "../../contract/notifications";
import { expectAnswer } from "../test/answers";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";

describeEachDatabase(
  "GET/PUT /api/account/notifications",
  (env) => {
    const people = usersAndAdmin(env);
    const settings = (who = people.admin) => call(env.app, "GET", "/api/account/notifications", who);
    const change = (body: unknown, who = people.admin) =>
      call(env.app, "PUT", "/api/account/notifications", who, body);

    it("lists every admin message kind, on until turned off", async () => {
      const res = await settings();
      expect(res.statusCode).toBe(200);
      expectAnswer(notificationSettingsAnswer, res.json());
      expect(
        res.json().notifications.map((n: { kind: string; enabled: boolean }) => [n.kind, n.enabled]),
      ).toEqual(adminMailKinds.map((kind) => [kind, true]));
    });

    it("keeps each change, leaves the other kinds alone, and turns a kind back on", async () => {
      const off = await change({ "paid-order": false, "low-stock": false });
      expect(off.statusCode, off.body).toBe(200);
      expect(await settings().then((r) => r.json().notifications)).toEqual([
        expect.objectContaining({ kind: "paid-order", enabled: false }),
        expect.objectContaining({ kind: "contact-message", enabled: true }),
        expect.objectContaining({ kind: "low-stock", enabled: false }),
        expect.objectContaining({ kind: "company-near-limit", enabled: true }),
        expect.objectContaining({ kind: "webhook-switched-off", enabled: true }),
      ]);
      const on = (await change({ "paid-order": true })).json();
      expectAnswer(notificationSettingsAnswer, on);
      expect(on.notifications[0]).toMatchObject({ enabled: true });
    });

    it("has no kinds for a user who is not an admin, who cannot change them (403)", async () => {
      expect((await settings(people.user)).json()).toEqual({ notifications: [] });
      const res = await change({ "paid-order": false }, people.user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "Only admins receive these messages" });
    });

    it.each([
      ["an unknown kind", { "new-review": false }, "Unknown message kind: new-review"],
      ["a value that is not true or false", { "paid-order": "no" }, undefined],
      ["not an object", [], undefined],
    ])("answers 400 {error} to %s", async (_name, body, message) => {
      const res = await change(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message ?? expect.any(String) });
    });

    it("needs a session (401)", async () => {
      expect((await call(env.app, "GET", "/api/account/notifications")).statusCode).toBe(401);
      expect((await call(env.app, "PUT", "/api/account/notifications", undefined, {})).statusCode).toBe(401);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
