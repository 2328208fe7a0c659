import { and, asc, eq } from "drizzle-orm";
import { wrongCurrentPasswordMessage } from "#contract/account-settings";
import type { Db, Tx } from "#server/db/database";
import { badRequest, conflict } from "#server/http/errors";
import type { Auth } from "./auth";
import type { SessionUser } from "./guards";
import type { MailPreferences } from "./mail-preferences";
import { account, user, verification } from "./tables";

/**
 * What a user's data export and account deletion need from the domains that hold their data, each
 * through its own module (wired in app.ts): accounts never read another domain's tables.
 */
export type PersonalDataPorts = {
  profileOf(userId: string): Promise<{ profile: { img: string } | null; portfolio: { img: string } | null }>;
  ordersOf(userId: string): Promise<unknown[]>;
  reviewsOf(userId: string): Promise<unknown[]>;
  uploadsOf(userId: string): Promise<unknown[]>;
  /** The lines of the user's cart (deleted with the account by its foreign key). */
  cartOf(userId: string): Promise<unknown[]>;
  /** Unpaid or paid-and-not-shipped orders: they still need the buyer's contact details. */
  ordersInProgress(tx: Tx, userId: string): Promise<number>;
  anonymiseOrders(tx: Tx, userId: string): Promise<number>;
  eraseReviews(tx: Tx, userId: string): Promise<number>;
  /** Forgets the user's uploads (all, or only those at `onlyUrls`); answers what to remove after commit. */
  forgetUploads(tx: Tx, userId: string, onlyUrls?: readonly (string | null)[]): Promise<string[]>;
  removeUploadFiles(keys: readonly string[]): Promise<void>;
};

const inProgressMessage = (n: number) =>
  `${n === 1 ? "One of your orders is" : `${n} of your orders are`} still unpaid or waiting to ship: ` +
  "cancel or receive them before deleting your account";

export const noPasswordMessage =
  "This account has no password: set one with “Forgot password?” on the sign-in page, then delete the account";

export function createAccountData(
  db: Db,
  auth: Auth,
  ports: PersonalDataPorts,
  preferences: MailPreferences,
) {
  return {
    /** "Download my data": everything the shop keeps about the caller, and nobody else. */
    async exportOf(me: SessionUser) {
      const [[row], signIns, mine, orders, reviews, uploads, cart, notifications] = await Promise.all([
        db.select().from(user).where(eq(user.id, me.id)),
        db
          .select({ method: account.providerId, since: account.createdAt })
          .from(account)
          .where(eq(account.userId, me.id))
          .orderBy(asc(account.createdAt)),
        ports.profileOf(me.id),
        ports.ordersOf(me.id),
        ports.reviewsOf(me.id),
        ports.uploadsOf(me.id),
        ports.cartOf(me.id),
        preferences.settingsOf(me.id, me.role === "admin"),
      ]);
      if (!row) throw new Error("exportOf: the signed-in user has no row");
      return {
        account: {
          id: row.id,
          name: row.name,
          email: row.email,
          emailVerified: row.emailVerified,
          image: row.image,
          role: row.role,
          createdAt: row.createdAt.toISOString(),
          signInMethods: signIns.map((s) => ({ method: s.method, since: s.since.toISOString() })),
        },
        ...mine,
        orders,
        reviews,
        uploads,
        cart,
        notifications: notifications.notifications,
      };
    },

    /**
     * Deletes the caller's account once their password is checked, in one transaction: orders kept
     * anonymised, reviews and the profile, portfolio, sessions, sign-in methods and settings erased,
     * photos forgotten (an admin's only the pictures of their account, profile and portfolio: the
     * others may be the catalog's); the files are removed after the commit.
     */
    async deleteAccount(me: SessionUser, password: string): Promise<void> {
      const [credential] = await db
        .select({ hash: account.password })
        .from(account)
        .where(and(eq(account.userId, me.id), eq(account.providerId, "credential")));
      if (!credential?.hash) throw badRequest(noPasswordMessage);
      const context = await auth.$context;
      if (!(await context.password.verify({ hash: credential.hash, password })))
        throw badRequest(wrongCurrentPasswordMessage);
      const { profile, portfolio } = await ports.profileOf(me.id);
      const forgotten = await db.transaction(async (tx) => {
        // Locked first: an order placed meanwhile (its foreign key waits on this lock) is seen below.
        const [row] = await tx
          .select({ image: user.image, role: user.role })
          .from(user)
          .where(eq(user.id, me.id))
          .for("update");
        if (!row) return [];
        const inProgress = await ports.ordersInProgress(tx, me.id);
        if (inProgress > 0) throw conflict(inProgressMessage(inProgress));
        await ports.anonymiseOrders(tx, me.id);
        await ports.eraseReviews(tx, me.id);
        const keys = await ports.forgetUploads(
          tx,
          me.id,
          row.role === "admin" ? [row.image, profile?.img ?? null, portfolio?.img ?? null] : undefined,
        );
        // A pending password-reset link names the user in its value.
        await tx.delete(verification).where(eq(verification.value, me.id));
        // Sessions, sign-in methods, profile, portfolio and message settings go with it (on delete cascade).
        await tx.delete(user).where(eq(user.id, me.id));
        return keys;
      });
      await ports.removeUploadFiles(forgotten);
    },
  };
}

export type AccountData = ReturnType<typeof createAccountData>;
