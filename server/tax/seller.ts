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
