import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { dueSoonDays, nearLimitShare } from "#contract/companies";
import { shopToday } from "#contract/delivery-dates";
import { peopleByIds } from "#server/accounts/people";
import type { Db, Tx } from "#server/db/database";
import { sweepWhileListening } from "#server/http/periodic-sweep";
import { enqueueMail } from "#server/mail/outbox";
import { enqueueToAdmins } from "#server/mail/templates/to-admins";
import { type AccountOrdersOf, companyAccount, daysBetween } from "./balance";
import { amountDueMail, nearLimitMail } from "./balance-mail";
import { orderReference } from "./statement";
import { companies, companyMembers, companyNotices } from "./tables";

// The balance's messages (issue 27, item 6), each sent once: a row of company_notices (primary key
// company + kind + key) is inserted in the same transaction as the mail is enqueued, `on conflict do
// nothing`, so a second sweep (this server's next one, or another server's at the same moment) finds
// the row and sends nothing.
//
// - due_soon, overdue: key = the order's id (one of each per order).
// - near_limit: the company's committed balance (on-account orders not cancelled, minus payments)
//   passes 90% of its limit. Key `crossing:N`; when the balance is next seen below 90% after
//   crossing N, a row `rearm:N` is added, and the next crossing is N+1. So the shop's admins hear
//   once per crossing, however many orders are placed while it stays above, and again only after it
//   dropped below (a payment, a cancel, a higher limit) and passed again. Both rows are inserted
//   `on conflict do nothing` too: two servers at once agree on N and only one sends.

export type NoticeDeps = { accountOrdersOf: AccountOrdersOf; publicUrl: string };

type Kind = (typeof companyNotices.$inferInsert)["kind"];

/** Inserts the notice; true when this call did (the caller then enqueues its mail in `tx`). */
async function firstTime(tx: Db | Tx, companyId: string, kind: Kind, key: string): Promise<boolean> {
  const rows = await tx
    .insert(companyNotices)
    .values({ companyId, kind, key })
    .onConflictDoNothing()
    .returning({ key: companyNotices.key });
  return rows.length > 0;
}

async function companyAdminEmails(tx: Db | Tx, companyId: string): Promise<string[]> {
  const admins = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, "admin")));
  const people = await peopleByIds(
    tx,
    admins.map((a) => a.userId),
  );
  return [...people.values()].map((p) => p.email).sort();
}

/**
 * Tells the shop's admins, once per crossing, that the company's committed balance (net of its
 * payments, as `GET /api/companies/{id}/balance` answers `committed`) has passed `nearLimitShare` of
 * its credit limit; below it, makes the next crossing a new one. The order path calls it in its
 * transaction right after an on-account order; the sweep and a recorded payment call it too.
 * True when it sent the message.
 */
export async function noticeIfNearLimit(
  tx: Db | Tx,
  companyId: string,
  committedCents: number,
  limitCents: number,
  publicUrl: string,
): Promise<boolean> {
  const rows = await tx
    .select({ key: companyNotices.key })
    .from(companyNotices)
    .where(and(eq(companyNotices.companyId, companyId), eq(companyNotices.kind, "near_limit")));
  const keys = new Set(rows.map((r) => r.key));
  const crossing = rows.filter((r) => r.key.startsWith("rearm:")).length;
  const over = limitCents > 0 && committedCents > limitCents * nearLimitShare;
  if (!over) {
    if (keys.has(`crossing:${crossing}`)) await firstTime(tx, companyId, "near_limit", `rearm:${crossing}`);
    return false;
  }
  if (!(await firstTime(tx, companyId, "near_limit", `crossing:${crossing}`))) return false;
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const mail = nearLimitMail({
    company: company?.name ?? "A company",
    committedCents,
    limitCents,
    shopUrl: publicUrl,
  });
  await enqueueToAdmins(tx, "company-near-limit", {
    about: `${companyId}:${crossing}`,
    subject: mail.subject,
    body: mail.body,
  });
  return true;
}

/**
 * One sweep as of `today` (the shop's day, YYYY-MM-DD): for every company, the amounts due within
 * `dueSoonDays` and those past due (each open part after the payments, oldest first), and its place
 * against its credit limit. How many messages it sent (a message to several people counts once).
 */
export async function sendBalanceNotices(db: Db, deps: NoticeDeps, today: string): Promise<number> {
  let sent = 0;
  const all = await db.select({ id: companies.id }).from(companies);
  for (const { id } of all) {
    const account = await companyAccount(db, deps.accountOrdersOf, id);
    if (!account) continue;
    for (const amount of account.open) {
      const daysLeft = daysBetween(today, amount.dueOn);
      const kind =
        daysLeft < 0 ? "overdue" : daysLeft > 0 && daysLeft <= dueSoonDays ? "due_soon" : undefined;
      if (!kind) continue;
      const told = await db.transaction(async (tx) => {
        if (!(await firstTime(tx, id, kind, amount.orderId))) return false;
        const props = {
          company: account.name,
          order: orderReference(amount.number, amount.poNumber),
          openCents: amount.openCents,
          dueOn: amount.dueOn,
          shopUrl: deps.publicUrl,
        };
        const message = await amountDueMail(kind, props);
        for (const to of await companyAdminEmails(tx, id)) {
          await enqueueMail(tx, {
            kind: `company-${kind.replace("_", "-")}`,
            to,
            ...message,
            dedupeKey: `company-${kind.replace("_", "-")}:${amount.orderId}:${to}`,
          });
        }
        return true;
      });
      if (told) sent++;
    }
    const crossed = await db.transaction((tx) =>
      noticeIfNearLimit(tx, id, account.committedCents, account.creditLimitCents, deps.publicUrl),
    );
    if (crossed) sent++;
  }
  return sent;
}

/** How often a listening server looks for balance messages to send. */
export const balanceNoticeSweepMs = 60 * 60 * 1000;

/**
 * Sends the balance's messages once when the server starts listening, then every hour, one sweep at
 * a time in this process. Several servers may sweep at once: company_notices lets one send each.
 * Closing the server stops it, after a sweep under way ends.
 */
export function balanceNoticeTimer(app: FastifyInstance, db: Db, deps: NoticeDeps) {
  sweepWhileListening(
    app,
    balanceNoticeSweepMs,
    async () => {
      const sent = await sendBalanceNotices(db, deps, shopToday());
      if (sent > 0)
        app.log.info({ sent }, `Sent ${sent} company balance ${sent === 1 ? "message" : "messages"}`);
    },
    "the company balance sweep failed; it runs again later",
  );
}
