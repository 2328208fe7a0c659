import type { Tool } from "#contract/catalog";
import { formatDollars } from "#contract/money";
import { describePriceBreaks } from "#contract/price-breaks";
import { CompanyPriceLabel, ListPrice } from "#web/components/CompanyPrice";
import { atCompanyPrice } from "#web/lib/companies/company-price";

type PriceBreaksTableProps = {
  tool: Tool;
  /** The form's quantity when the shop takes it (a lot): its row is marked as the price paid. */
  quantity: number | undefined;
  /** The buyer's company discount (0: none): each row at the company's price, the list price struck. */
  discountPercent?: number;
};

/**
 * The tool's volume prices on its order form (issue 26): from the minimum at the tool's price, then
 * each break ("500+ $5.90"), the row of the quantity being ordered marked. Nothing without breaks.
 * A company's buyer sees each row at their price with the list price struck through.
 */
export function PriceBreaksTable({ tool, quantity, discountPercent = 0 }: PriceBreaksTableProps) {
  if (tool.priceBreaks.length === 0) return null;
  const priced = atCompanyPrice(tool, discountPercent);
  const rows = [{ minQuantity: tool.minimum, price: tool.price }, ...tool.priceBreaks].map((row, i) => ({
    ...row,
    yours: i === 0 ? priced.price : (priced.priceBreaks[i - 1]?.price ?? row.price),
  }));
  // The row whose price the quantity pays: the last one at or below it.
  const applied = quantity === undefined ? -1 : rows.findLastIndex((row) => row.minQuantity <= quantity);
  return (
    <div data-testid="price-breaks">
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="text-left font-semibold text-sm text-steel">
          Volume prices
          <span className="sr-only">: {describePriceBreaks(priced.priceBreaks)}</span>
          {discountPercent > 0 && <CompanyPriceLabel discountPercent={discountPercent} className="ml-2" />}
        </caption>
        <thead>
          <tr className="border-slate-200 border-b text-slate-600">
            <th scope="col" className="py-1.5 pl-2 font-medium">
              Pieces
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-medium">
              Price a piece
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const here = i === applied;
            return (
              <tr
                key={row.minQuantity}
                aria-current={here ? "true" : undefined}
                className={`border-slate-100 border-b last:border-b-0 ${here ? "bg-orange-50 font-semibold text-navy" : "text-slate-700"}`}
              >
                <td className="py-1.5 pl-2">
                  {row.minQuantity.toLocaleString("en-US")}+
                  {here && <span className="ml-2 font-normal text-accent-darker text-xs">your price</span>}
                </td>
                <td className="py-1.5 pr-2 text-right">
                  {discountPercent > 0 && <ListPrice dollars={row.price} className="mr-2" />}
                  {formatDollars(row.yours)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
