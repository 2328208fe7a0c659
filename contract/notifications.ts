import { z } from "zod";
import { adminMailKinds } from "./answers";

// The messages an admin may turn off (GET/PUT /api/account/notifications). Buyers' order messages
// are not optional: they are the order's receipt and deadlines.

export { adminMailKinds };
export type AdminMailKind = (typeof adminMailKinds)[number];

export const adminMailLabels: Record<AdminMailKind, string> = {
  "paid-order": "A paid order is waiting to ship",
  "contact-message": "A new contact message",
  "low-stock": "A tool's stock is running low",
  "company-near-limit": "A company passes 90% of its credit limit",
  "webhook-switched-off": "A webhook endpoint is switched off after failing for 24 hours",
};

// GET and PUT /api/account/notifications answer: each kind the caller may receive, on or off (answers.ts).
export type { NotificationSettings } from "./answers";

/** PUT /api/account/notifications: the kinds to change, each on (true) or off (false); others stay. */
export const notificationChanges = z.strictObject(
  Object.fromEntries(adminMailKinds.map((kind) => [kind, z.boolean().optional()])) as Record<
    AdminMailKind,
    z.ZodOptional<z.ZodBoolean>
  >,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown message kind: ${issue.keys.join(", ")}` : undefined,
  },
);
