import crypto from "node:crypto";
import { and, asc, count, eq, gt, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import {
  type Company,
  type CompanyListItem,
  type CompanyRole,
  type CompanyStatus,
  type companyApplication,
  type companyTerms,
  invitationDays,
  invitationPath,
  type MyCompany,
  companyMessages as says,
} from "#contract/companies";
import { centsToDollars, dollarsToCents } from "#contract/money";
import type { ListQuery } from "#contract/pagination";
import type { SessionUser } from "#server/accounts/guards";
import { peopleByIds } from "#server/accounts/people";
import type { Db, Tx } from "#server/db/database";
import { isPgError } from "#server/db/errors";
import { cursorKey, inRange, keyset } from "#server/db/keyset";
import type { Page } from "#server/db/paging";
import { conflict, forbidden, HttpError, notFound } from "#server/http/errors";
import { enqueueMail } from "#server/mail/outbox";
import { invitationMail } from "./invitation-mail";
import { companies, companyInvitations, companyMembers } from "./tables";

type CompanyRow = typeof companies.$inferSelect;

const present = (row: CompanyRow): Company => ({
  _id: row.id,
  name: row.name,
  taxId: row.taxId,
  address: row.address,
  status: row.status,
  paymentTermsDays: row.paymentTermsDays,
  creditLimit: centsToDollars(row.creditLimitCents),
  discountPercent: row.discountPercent,
  poRequired: row.poRequired,
  taxExemptReason: row.taxExemptReason,
  createdAt: row.createdAt.toISOString(),
});

/** The shop admins' list: newest first, by companies_created_idx (or companies_status_created_idx). */
const newestFirst = keyset("desc", [
  [companies.createdAt, "timestamp"],
  [companies.id, "uuid"],
]);

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const gone = (message: string) => new HttpError(410, message);

/** The caller's role in the company, locking the company's row: membership changes take turns. */
async function lockedMembership(tx: Tx, companyId: string, userId: string) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
  const [member] = company
    ? await tx
        .select({ role: companyMembers.role })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    : [];
  // Another company's members and the shop's admins are told the same as for no company at all.
  if (!company || !member) throw notFound(says.noCompany);
  return { company, role: member.role };
}

async function asCompanyAdmin(tx: Tx, companyId: string, userId: string) {
  const membership = await lockedMembership(tx, companyId, userId);
  if (membership.role !== "admin") throw forbidden(says.notCompanyAdmin);
  return membership.company;
}

/** Refuses the change that would leave an open company without an admin. */
async function keepAnAdmin(tx: Tx, company: CompanyRow, leavingAdmin: string) {
  if (company.status === "rejected") return;
  const [others] = await tx
    .select({ n: count() })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, company.id),
        eq(companyMembers.role, "admin"),
        ne(companyMembers.userId, leavingAdmin),
      ),
    );
  if ((others?.n ?? 0) === 0) throw conflict(says.lastAdmin);
}

export function createCompaniesService(db: Db, deps: { publicUrl: string }) {
  return {
    /** A pending company, the applicant its admin; 409 when the applicant is in a company already. */
    async apply(applicant: SessionUser, input: z.output<typeof companyApplication>): Promise<Company> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(companies)
            .values({ ...input, appliedBy: applicant.id })
            .returning();
          if (!row) throw new Error("apply: insert returned no row");
          await tx.insert(companyMembers).values({ userId: applicant.id, companyId: row.id, role: "admin" });
          return present(row);
        });
      } catch (err) {
        if (isPgError(err, "uniqueViolation")) throw conflict(says.alreadyMember);
        throw err;
      }
    },

    /** Every company (or those of one status), newest first, with who applied. */
    async list(q: ListQuery, status: CompanyStatus | undefined): Promise<Page<CompanyListItem>> {
      const own = status === undefined ? undefined : eq(companies.status, status);
      const page = await newestFirst.list(
        q,
        (range) =>
          inRange(
            db
              .select({ company: companies, [cursorKey]: newestFirst.key })
              .from(companies)
              .$dynamic(),
            range,
            own,
          ),
        db.$count(companies, own),
      );
      const people = await peopleByIds(
        db,
        page.items.flatMap((i) => (i.company.appliedBy ? [i.company.appliedBy] : [])),
      );
      return {
        ...page,
        items: page.items.map(({ company }) => ({
          ...present(company),
          applicant: (company.appliedBy && people.get(company.appliedBy)) || null,
        })),
      };
    },

    /** The caller's company with its members (and, to its admins, the invitations still open). */
    async mine(userId: string): Promise<MyCompany> {
      const [membership] = await db
        .select({ company: companies, role: companyMembers.role })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(eq(companyMembers.userId, userId));
      if (!membership) return { company: null, role: null, members: [], invitations: [] };
      const { company, role } = membership;
      const [members, invitations] = await Promise.all([
        db
          .select()
          .from(companyMembers)
          .where(eq(companyMembers.companyId, company.id))
          .orderBy(asc(companyMembers.joinedAt), asc(companyMembers.userId)),
        role === "admin"
          ? db
              .select()
              .from(companyInvitations)
              .where(
                and(
                  eq(companyInvitations.companyId, company.id),
                  isNull(companyInvitations.acceptedAt),
                  gt(companyInvitations.expiresAt, new Date()),
                ),
              )
              .orderBy(asc(companyInvitations.createdAt))
          : [],
      ]);
      const people = await peopleByIds(
        db,
        members.map((m) => m.userId),
      );
      return {
        company: present(company),
        role,
        members: members.map((m) => ({
          userId: m.userId,
          name: people.get(m.userId)?.name ?? "",
          email: people.get(m.userId)?.email ?? "",
          role: m.role,
          joinedAt: m.joinedAt.toISOString(),
        })),
        invitations: invitations.map((i) => ({
          _id: i.id,
          email: i.email,
          role: i.role,
          expiresAt: i.expiresAt.toISOString(),
        })),
      };
    },

    /** The shop admin's decision and terms; undefined when there is no such company. */
    async updateTerms(id: string, terms: z.output<typeof companyTerms>): Promise<Company | undefined> {
      const { creditLimit, ...rest } = terms;
      const [row] = await db
        .update(companies)
        .set({
          ...rest,
          ...(creditLimit === undefined ? {} : { creditLimitCents: dollarsToCents(creditLimit) }),
          updatedAt: new Date(),
        })
        .where(eq(companies.id, id))
        .returning();
      return row && present(row);
    },

    /**
     * Mails an invitation to join the company (its admins only, once the shop approved it). A new
     * invitation to the same address replaces the one still open.
     */
    async invite(caller: SessionUser, companyId: string, input: { email: string; role: CompanyRole }) {
      const email = input.email.toLowerCase();
      const token = crypto.randomBytes(32).toString("base64url");
      return db.transaction(async (tx) => {
        const company = await asCompanyAdmin(tx, companyId, caller.id);
        if (company.status !== "approved") throw conflict(says.notApproved);
        const memberIds = await tx
          .select({ userId: companyMembers.userId })
          .from(companyMembers)
          .where(eq(companyMembers.companyId, companyId));
        const people = await peopleByIds(
          tx,
          memberIds.map((m) => m.userId),
        );
        if ([...people.values()].some((p) => p.email.toLowerCase() === email)) {
          throw conflict(says.alreadyInCompany);
        }
        await tx
          .delete(companyInvitations)
          .where(
            and(
              eq(companyInvitations.companyId, companyId),
              eq(companyInvitations.email, email),
              isNull(companyInvitations.acceptedAt),
            ),
          );
        const expiresAt = new Date(Date.now() + invitationDays * 24 * 3600 * 1000);
        const [row] = await tx
          .insert(companyInvitations)
          .values({
            companyId,
            email,
            role: input.role,
            tokenHash: hashToken(token),
            invitedBy: caller.id,
            expiresAt,
          })
          .returning({ id: companyInvitations.id });
        if (!row) throw new Error("invite: insert returned no row");
        const message = await invitationMail({
          company: company.name,
          invitedBy: caller.name,
          role: input.role,
          url: `${deps.publicUrl}${invitationPath(token)}`,
          expiresAt,
          shopUrl: deps.publicUrl,
        });
        await enqueueMail(tx, {
          kind: "company-invitation",
          to: email,
          ...message,
          dedupeKey: `company-invitation:${row.id}`,
        });
        return { _id: row.id, email, role: input.role, expiresAt: expiresAt.toISOString() };
      });
    },

    /** The invitation accepted by the signed-in owner of its verified address: they join the company. */
    async accept(caller: SessionUser, token: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const [invitation] = await tx
            .select()
            .from(companyInvitations)
            .where(eq(companyInvitations.tokenHash, hashToken(token)))
            .for("update");
          if (!invitation) throw notFound(says.invitationUnknown);
          if (invitation.acceptedAt) throw conflict(says.invitationUsed);
          if (invitation.expiresAt <= new Date()) throw gone(says.invitationExpired);
          if (invitation.email !== caller.email.toLowerCase()) throw forbidden(says.invitationOtherAddress);
          if (caller.emailVerified !== true) throw forbidden(says.invitationUnverified);
          const [company] = await tx
            .select({ status: companies.status })
            .from(companies)
            .where(eq(companies.id, invitation.companyId))
            .for("update");
          if (company?.status !== "approved") throw conflict(says.companyClosed);
          await tx
            .insert(companyMembers)
            .values({ userId: caller.id, companyId: invitation.companyId, role: invitation.role });
          await tx
            .update(companyInvitations)
            .set({ acceptedAt: new Date(), acceptedBy: caller.id })
            .where(eq(companyInvitations.id, invitation.id));
        });
      } catch (err) {
        if (isPgError(err, "uniqueViolation")) throw conflict(says.alreadyMember);
        throw err;
      }
    },

    /** A company admin makes a member an admin or a buyer (never demoting the last admin). */
    async setRole(caller: SessionUser, companyId: string, userId: string, role: CompanyRole) {
      return db.transaction(async (tx) => {
        const company = await asCompanyAdmin(tx, companyId, caller.id);
        const [member] = await tx
          .select({ role: companyMembers.role })
          .from(companyMembers)
          .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
        if (!member) throw notFound(says.noMember);
        if (member.role === "admin" && role !== "admin") await keepAnAdmin(tx, company, userId);
        await tx
          .update(companyMembers)
          .set({ role })
          .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
        return { userId, role };
      });
    },

    /** A member leaves, or a company admin removes one (never the last admin of an open company). */
    async removeMember(caller: SessionUser, companyId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { company, role } = await lockedMembership(tx, companyId, caller.id);
        if (userId !== caller.id && role !== "admin") throw forbidden(says.notCompanyAdmin);
        const [member] = await tx
          .select({ role: companyMembers.role })
          .from(companyMembers)
          .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
        if (!member) throw notFound(says.noMember);
        if (member.role === "admin") await keepAnAdmin(tx, company, userId);
        await tx
          .delete(companyMembers)
          .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
