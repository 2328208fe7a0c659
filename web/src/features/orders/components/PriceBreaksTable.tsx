import type { Tool } from "#contract/catalog";
import { formatDollars } from "#contract/money";
import { describePriceBreaks } from "#contract/price-breaks";

type PriceBreaksTableProps = {
  tool: Tool;
  /** The form's quantity when the shop takes it (a lot): its row is marked as the price paid. */
  quantity: number | undefined;
};

/**
 * The tool's volume prices on its order form (issue 26): from the minimum at the tool's price, then
 * each break ("500+ $5.90"), the row of the quantity being ordered marked. Nothing without breaks.
 */
export function PriceBreaksTable({ tool, quantity }: PriceBreaksTableProps) {
  if (tool.priceBreaks.length === 0) return null;
  const rows = [{ minQuantity: tool.minimum, price: tool.price }, ...tool.priceBreaks];
  // The row whose price the quantity pays: the last one at or below it.
  const applied = quantity === undefined ? -1 : rows.findLastIndex((row) => row.minQuantity <= quantity);
  return (
    <div data-testid="price-breaks">
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="text-left font-semibold text-sm text-steel">
          Volume prices
          <span className="sr-only">: {describePriceBreaks(tool.priceBreaks)}</span>
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
                <td className="py-1.5 pr-2 text-right">{formatDollars(row.price)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
