import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../test/test-env";
import { enqueueMail } from "./outbox";
import { outbox } from "./tables";

describeEachDatabase("mail outbox", (env) => {
  const message = { kind: "test", to: "a@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi" };

  it("keeps one message per dedupe key, and none when the caller's transaction rolls back", async () => {
    expect(await enqueueMail(env.db, { ...message, dedupeKey: "test:1" })).toBe(true);
    expect(await enqueueMail(env.db, { ...message, dedupeKey: "test:1" })).toBe(false);
    await expect(
      env.db.transaction(async (tx) => {
        await enqueueMail(tx, { ...message, dedupeKey: "test:2" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await env.db.select().from(outbox).where(eq(outbox.kind, "test"));
    expect(rows.map((r) => r.dedupeKey)).toEqual(["test:1"]);
    expect(rows[0]).toMatchObject({ recipient: "a@example.com", attempts: 0 });
    // This app has no SMTP_URL: its sender may already have marked the message kept for the Outbox page.
    expect(["waiting", "kept"]).toContain(rows[0]?.status);
  });
});
