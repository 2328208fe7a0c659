// The browser tests' admin, made as a real admin is (not a test file): it signs up with the address
// listed in ADMIN_EMAILS, then opens the verification link mailed to it. The e2e shop has no
// SMTP_URL and no admin yet to read the Outbox page, so e2e/serve.ts, which runs the shop in its
// own process, catches the link as the mail domain enqueues it.
import { onMailEnqueued } from "../server/mail/outbox";
import { admin } from "./users";

/** Call before the shop starts; run the answer once it listens on `shopUrl`. */
export function verifiedAdminOnStart(shopUrl: string): () => Promise<void> {
  let mailed: string | undefined;
  const stop = onMailEnqueued((message) => {
    if (message.kind === "verify-email" && message.to === admin.email) mailed = message.text;
  });
  return async () => {
    try {
      const signUp = await fetch(`${shopUrl}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin: shopUrl, "content-type": "application/json" },
        body: JSON.stringify(admin),
      });
      if (!signUp.ok) throw new Error(`admin sign-up: ${signUp.status} ${await signUp.text()}`);
      const link = mailed?.match(/https?:\/\/\S*\/api\/auth\/verify-email\?\S+/)?.[0];
      if (!link) throw new Error("admin sign-up: no verification link was mailed");
      const opened = await fetch(link, { redirect: "manual" });
      if (opened.status !== 302)
        throw new Error(`admin verification: ${opened.status} ${await opened.text()}`);
    } finally {
      stop();
    }
  };
}
