import type { SellerAnswer, TaxRate } from "#contract/tax";
import type { Db } from "#server/db/database";
import { replaceTaxRates, taxRateList } from "./rates";
import { saveSeller, sellerOf } from "./seller";

/** The shop's tax settings (issue 28): the rates by delivery address, and who issues the invoices. */
export function createTaxService(db: Db) {
  return {
    rates: (): Promise<TaxRate[]> => taxRateList(db),
    replaceRates: (rates: readonly TaxRate[]): Promise<TaxRate[]> => replaceTaxRates(db, rates),
    seller: (): Promise<SellerAnswer> => sellerOf(db),
    saveSeller: (details: NonNullable<SellerAnswer>): Promise<SellerAnswer> => saveSeller(db, details),
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
