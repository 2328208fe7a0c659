// A message in the admins' Outbox page (the API's answer, answers.ts).
export type { OutboxMessage } from "./answers";

/** Messages whose links sign someone in, set a password or change an address: hidden from admins once delivered. */
export const accountLinkKinds: readonly string[] = ["password-reset", "verify-email", "change-email"];
