import { eq } from "drizzle-orm";
import type { SellerAnswer } from "#contract/tax";
import type { Db, Tx } from "#server/db/database";
import { sellerDetails } from "./tables";

/** The seller's details as saved by an admin (printed on every invoice); null before they were. */
export async function sellerOf(db: Db | Tx): Promise<SellerAnswer> {
  const [row] = await db.select().from(sellerDetails).where(eq(sellerDetails.id, 1));
  return row
    ? { legalName: row.legalName, address: row.address, taxId: row.taxId, bankDetails: row.bankDetails }
    : null;
}

/** Saves the seller's details (the one row, id 1, inserted or replaced) and answers them. */
export async function saveSeller(db: Db | Tx, details: NonNullable<SellerAnswer>): Promise<SellerAnswer> {
  const values = { ...details, updatedAt: new Date() };
  await db
    .insert(sellerDetails)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: sellerDetails.id, set: values });
  return { ...details };
}
