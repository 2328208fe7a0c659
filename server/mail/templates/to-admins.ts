import type { ReactElement } from "react";
import type { AdminMailKind } from "#contract/notifications";
import { adminRecipients } from "#server/accounts/mail-preferences";
import type { Db, Tx } from "#server/db/database";
import { enqueueMail } from "../outbox";
import { renderMail } from "./render";

/**
 * Enqueues one message to each verified admin who has not turned `kind` off (rendered once), in the
 * caller's transaction; the outbox kind is `admin-<kind>` and each copy's dedupe key is
 * `admin-<kind>:<about>:<address>`. Answers the addresses.
 */
export async function enqueueToAdmins(
  tx: Db | Tx,
  kind: AdminMailKind,
  message: { about: string; subject: string; body: ReactElement },
): Promise<string[]> {
  const admins = await adminRecipients(tx, kind);
  if (admins.length === 0) return admins;
  const { html, text } = await renderMail(message.body);
  for (const to of admins) {
    await enqueueMail(tx, {
      kind: `admin-${kind}`,
      to,
      subject: message.subject,
      html,
      text,
      dedupeKey: `admin-${kind}:${message.about}:${to}`,
    });
  }
  return admins;
}
