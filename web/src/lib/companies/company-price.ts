import { centsToDollars, dollarsToCents } from "#contract/money";
import { discountedCents, type Priced } from "#contract/price-breaks";
import { useHydrated } from "../use-hydrated";
import { useBuyingTerms } from "./buying-terms";

// A company's price (issue 27) as its buyers see it on the catalog and the tool page: the server's
// own rule (`discountedCents`: the discount off the price a piece after the volume break, half-up to
// the cent), counted in cents. The cart and orders show the server's prices, already discounted.

/** A price a piece in dollars less `discountPercent`, rounded as the server charges it. */
export function companyDollars(dollars: number, discountPercent: number): number {
  const cents = dollarsToCents(dollars) ?? Math.round(dollars * 100);
  return centsToDollars(discountedCents(cents, discountPercent));
}

/**
 * The tool priced for the company: its price and every break less the discount, so that
 * `unitPriceFor`, `lowestUnitPrice` and the break hints answer the company's price a piece
 * (a break's price less the discount is the discount applied after the break). The same tool at 0%.
 */
export function atCompanyPrice<T extends Priced>(tool: T, discountPercent: number): T {
  if (discountPercent === 0) return tool;
  return {
    ...tool,
    price: companyDollars(tool.price, discountPercent),
    priceBreaks: tool.priceBreaks?.map((b) => ({ ...b, price: companyDollars(b.price, discountPercent) })),
  };
}

/** The label beside a company's price: "Your company price (15% off)". */
export function companyPriceLabel(discountPercent: number): string {
  return `Your company price (${discountPercent}% off)`;
}

/**
 * The signed-in buyer's company discount to show (0 for a visitor, a buyer without an approved
 * company, and while that is read). Always 0 on the server and in the render that hydrates its HTML:
 * public pages are drawn at list prices, and the company's price appears once the page is live.
 */
export function useCompanyDiscount(): number {
  const hydrated = useHydrated();
  const terms = useBuyingTerms();
  return hydrated && terms ? terms.discountPercent : 0;
}
