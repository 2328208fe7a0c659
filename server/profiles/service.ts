import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { ListQuery } from "../../contract/pagination";
import { type OwnRecordKind, type Profile, portfolioKind, profileKind } from "../../contract/profiles";
import type { Db } from "../db/database";
import { newestFirst } from "../db/newest-first";
import type { Page } from "../db/paging";
import { portfolios, profiles } from "./tables";

/** The admins' profile list: newest first, by profiles_created_idx. */
const readProfiles = newestFirst(profiles, "uuid");

/** The signed-in user a profile or portfolio belongs to; their email is the one stored. */
export type Owner = { id: string; email: string };

export type Saved = { id: string; updated: boolean };

/** A table of records each user keeps one of (tables.ts: profiles, portfolios). */
type OwnRecordTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn; email: AnyPgColumn };

/** A stored record: its id, owner and the kind's fields. */
type OwnRecordRow = { id: string; userId: string } & Record<string, unknown>;

/**
 * A record as the API sends it (its kind's answer): `_id`, then the kind's fields in their order; the private
 * ones (email, phone) only when `full` (its owner, an admin, the owner's data export).
 */
export function present<View>(
  kind: Pick<OwnRecordKind, "fields" | "privateFields">,
  row: OwnRecordRow,
  full: boolean,
): View {
  const view: Record<string, unknown> = { _id: row.id };
  for (const field of kind.fields) {
    if (full || !kind.privateFields.includes(field)) view[field] = row[field];
  }
  return view as View;
}

// xmax is 0 only on a row this statement inserted; an upsert that updated sets it.
const wasUpdated = sql<boolean>`(xmax <> 0)`;

/** Saving and finding one kind's records. */
export type OwnRecords<Shape extends z.ZodRawShape> = {
  kind: OwnRecordKind<Shape>;
  save(owner: Owner, input: z.output<z.ZodObject<Shape>>): Promise<Saved>;
  find(email: string): Promise<OwnRecordRow | undefined>;
};

/** Saving and finding one kind's records in its table. */
function ownRecords<T extends OwnRecordTable, Shape extends z.ZodRawShape>(
  db: Db,
  kind: OwnRecordKind<Shape>,
  table: T,
) {
  return {
    kind,
    /** Creates the owner's record, or updates it when they have one; the email is the owner's. */
    async save(owner: Owner, input: z.output<z.ZodObject<Shape>>): Promise<Saved> {
      // Drizzle cannot check a generic table's values: these are the kind's fields, its columns.
      const fields = { ...input, email: owner.email };
      const [row] = await db
        .insert(table)
        .values({ userId: owner.id, ...fields } as PgInsertValue<T>)
        .onConflictDoUpdate({
          target: table.userId,
          set: { ...fields, updatedAt: new Date() } as PgUpdateSetSource<T>,
        })
        .returning({ id: table.id, updated: wasUpdated });
      if (!row) throw new Error(`save ${kind.noun}: upsert returned no row`);
      return { id: String(row.id), updated: Boolean(row.updated) };
    },

    /** Someone's record by their email, in any case. */
    async find(email: string): Promise<(T["$inferSelect"] & OwnRecordRow) | undefined> {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(eq(sql`lower(${table.email})`, email.toLowerCase()))
        .limit(1);
      return row as (T["$inferSelect"] & OwnRecordRow) | undefined;
    },
  };
}

export type ProfilesPorts = {
  /** The profile's photo was saved: the account takes it when it has none (accounts/account-photo.ts). */
  onProfilePhoto?: (userId: string, photo: string) => Promise<void>;
};

export function createProfilesService(db: Db, ports: ProfilesPorts = {}) {
  const profileRecords = ownRecords(db, profileKind, profiles);
  return {
    profile: {
      ...profileRecords,
      async save(owner: Owner, input: z.output<typeof profileKind.schema>): Promise<Saved> {
        const saved = await profileRecords.save(owner, input);
        await ports.onProfilePhoto?.(owner.id, input.img);
        return saved;
      },
    },
    portfolio: ownRecords(db, portfolioKind, portfolios),

    async listProfiles(q: ListQuery): Promise<Page<Profile>> {
      const { items, ...page } = await readProfiles(db, q);
      return { ...page, items: items.map((row) => present<Profile>(profileKind, row, true)) };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
