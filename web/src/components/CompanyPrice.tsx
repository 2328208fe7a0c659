import { formatDollars } from "#contract/money";
import { companyPriceLabel } from "#web/lib/companies/company-price";

// What a company's buyer sees beside their price (issue 27): the list price struck through and the
// label naming the discount. Shown only when the discount is more than 0 (the callers' test).

/** The list price struck through, read out as "list price $5.90". */
export function ListPrice({ dollars, className = "" }: { dollars: number; className?: string }) {
  return (
    <s data-testid="list-price" className={`font-normal text-slate-600 ${className}`}>
      <span className="sr-only">list price </span>
      {formatDollars(dollars)}
    </s>
  );
}

/** "Your company price (15% off)". */
export function CompanyPriceLabel({
  discountPercent,
  className = "",
}: {
  discountPercent: number;
  className?: string;
}) {
  return (
    <span data-testid="company-price-label" className={`font-semibold text-emerald-700 text-xs ${className}`}>
      {companyPriceLabel(discountPercent)}
    </span>
  );
}
