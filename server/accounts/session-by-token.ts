import type { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { session, user } from "./tables";

type AdapterFactory = ReturnType<typeof drizzleAdapter>;
type FindOneArgs = Parameters<ReturnType<AdapterFactory>["findOne"]>[0];

/**
 * Better Auth's Drizzle adapter, whose one read of a session by its token with its user (Better
 * Auth's `internalAdapter.findSession`, behind `getSession` on every signed-in request) runs a
 * statement built once.
 *
 * Why: the adapter answers that read with `db.query.session.findFirst({ with: { user: true } })`,
 * and Drizzle's relational query builder builds that query anew each time: a CPU profile of the
 * shop under `npm run bench:orders` spent about a fifth of its one thread there. The statement
 * here is the same single read (the session joined to its user, by the token) prepared once, and its
 * row comes back in the shape the adapter's own read gives (the session's fields and a `user`
 * object, dates as Dates; session-reader.test.ts compares the two). Everything else goes to the
 * adapter, and Better Auth still decides on the session it gets (expired: refused and deleted;
 * old: refreshed). Still one database read per request and no cache: a sign-out or a role change
 * shows on the next request, on every server.
 *
 * The adapter instance itself gets the faster `findOne`, so Better Auth's registrations keyed on it
 * (its schema check) and its "as is" transactions (our adapter has no real ones) keep to it.
 */
export function withSessionByToken(db: Db, adapter: AdapterFactory): AdapterFactory {
  const read = db
    .select({ session, user })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_with_user");
  return (options) => {
    const instance = adapter(options);
    const findOne = instance.findOne;
    instance.findOne = async <T>(args: FindOneArgs): Promise<T | null> => {
      const token = sessionTokenOf(args);
      if (token === undefined) return findOne<T>(args);
      const [row] = await read.execute({ token });
      return row ? ({ ...row.session, user: row.user } as T) : null;
    };
    return instance;
  };
}

/** The token when `args` is exactly Better Auth's read of a session by its token with its user. */
function sessionTokenOf({ model, where, select, join }: FindOneArgs): string | undefined {
  if (model !== "session" || select?.length || where.length !== 1) return undefined;
  if (!join || Object.keys(join).length !== 1 || !join.user) return undefined;
  const [w] = where;
  if (w?.field !== "token" || typeof w.value !== "string") return undefined;
  if ((w.operator ?? "eq") !== "eq" || (w.mode ?? "sensitive") !== "sensitive") return undefined;
  return w.value;
}
