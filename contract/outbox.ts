/**
 * A message in the admins' Outbox page (`GET /api/outbox`). `status`: waiting (to be sent, or
 * being sent), sent, failed (gave up after the last attempt), kept (no SMTP server configured).
 * `text` is null for a delivered password-reset or verification message: its link belongs to its owner.
 */
export type OutboxMessage = {
  _id: string;
  kind: string;
  to: string;
  subject: string;
  text: string | null;
  status: "waiting" | "sent" | "failed" | "kept";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
};

/** Messages whose links sign someone in, set a password or change an address: hidden from admins once delivered. */
export const accountLinkKinds: readonly string[] = ["password-reset", "verify-email", "change-email"];
