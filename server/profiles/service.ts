import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ListQuery } from "../../contract/pagination";
import type {
  Portfolio,
  Profile,
  PublicProfile,
  portfolioSchema,
  profileSchema,
} from "../../contract/profiles";
import type { Db } from "../db/database";
import { newestFirst } from "../db/newest-first";
import type { Page } from "../db/paging";
import { portfolios, profiles } from "./tables";

/** The admins' profile list: newest first, by profiles_created_idx. */
const readProfiles = newestFirst(profiles, "uuid");

type ProfileRow = typeof profiles.$inferSelect;
type PortfolioRow = typeof portfolios.$inferSelect;

/** The signed-in user a profile or portfolio belongs to; their email is the one stored. */
export type Owner = { id: string; email: string };

export type Saved = { id: string; updated: boolean };

export function toProfile(row: ProfileRow): Profile {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    education: row.education,
    location: row.location,
    phone: row.phone,
    linkedIn: row.linkedIn,
    img: row.img,
  };
}

export function toPublicProfile(row: ProfileRow): PublicProfile {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    education: row.education,
    location: row.location,
    linkedIn: row.linkedIn,
  };
}

export function toPortfolio(row: PortfolioRow, withEmail: boolean): Portfolio {
  return {
    _id: row.id,
    name: row.name,
    ...(withEmail ? { email: row.email } : {}),
    education: row.education,
    skill: row.skill,
    project1: row.project1,
    project2: row.project2,
    project3: row.project3,
    img: row.img,
  };
}

// xmax is 0 only on a row this statement inserted; an upsert that updated sets it.
const wasUpdated = sql<boolean>`(xmax <> 0)`;

export type ProfilesPorts = {
  /** The profile's photo was saved: the account takes it when it has none (accounts/account-photo.ts). */
  onProfilePhoto?: (userId: string, photo: string) => Promise<void>;
};

export function createProfilesService(db: Db, ports: ProfilesPorts = {}) {
  return {
    /** Creates the owner's profile, or updates it when they have one. */
    async saveProfile(owner: Owner, input: z.output<typeof profileSchema>): Promise<Saved> {
      const fields = {
        name: input.name,
        email: owner.email,
        education: input.education,
        location: input.location,
        phone: input.phone,
        linkedIn: input.linkedIn,
        img: input.img,
      };
      const [row] = await db
        .insert(profiles)
        .values({ userId: owner.id, ...fields })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } })
        .returning({ id: profiles.id, updated: wasUpdated });
      if (!row) throw new Error("saveProfile: upsert returned no row");
      await ports.onProfilePhoto?.(owner.id, input.img);
      return { id: row.id, updated: Boolean(row.updated) };
    },

    async findProfile(email: string): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(profiles)
        .where(eq(sql`lower(${profiles.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },

    async listProfiles(q: ListQuery): Promise<Page<Profile>> {
      const { items, ...page } = await readProfiles(db, q);
      return { ...page, items: items.map(toProfile) };
    },

    /** Creates the owner's portfolio, or updates it when they have one. */
    async savePortfolio(owner: Owner, input: z.output<typeof portfolioSchema>): Promise<Saved> {
      const fields = {
        name: input.name,
        email: owner.email,
        education: input.education,
        skill: input.skill,
        project1: input.project1,
        project2: input.project2,
        project3: input.project3,
        img: input.img,
      };
      const [row] = await db
        .insert(portfolios)
        .values({ userId: owner.id, ...fields })
        .onConflictDoUpdate({ target: portfolios.userId, set: { ...fields, updatedAt: new Date() } })
        .returning({ id: portfolios.id, updated: wasUpdated });
      if (!row) throw new Error("savePortfolio: upsert returned no row");
      return { id: row.id, updated: Boolean(row.updated) };
    },

    async findPortfolio(email: string): Promise<PortfolioRow | undefined> {
      const [row] = await db
        .select()
        .from(portfolios)
        .where(eq(sql`lower(${portfolios.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
