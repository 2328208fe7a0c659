import type { LowStockTool } from "#contract/stock";
import { pieces } from "#contract/tool-display";
import { Link } from "#web/components/Link";
import { useLowStock } from "../api/tool-admin";

/** What the panel says of a tool's stock: sold out, or what is left, and its alert level when it has one. */
function stockLine({ available, lowStockAt }: LowStockTool): string {
  const left = available <= 0 ? "Sold out" : `${pieces(available)} left`;
  return lowStockAt === null ? left : `${left} (alert at ${lowStockAt.toLocaleString("en-US")})`;
}

/**
 * The tools at or below their low-stock level and the sold-out ones, each a link to restock it;
 * nothing when none is.
 */
export function LowStockPanel() {
  const low = useLowStock();
  if (!low.data || low.data.length === 0) return null;
  return (
    <section
      aria-labelledby="low-stock-heading"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="low-stock-heading" className="font-semibold text-amber-900">
        Low stock
      </h2>
      <ul aria-label="Low stock" className="mt-2 divide-y divide-amber-200/70 text-sm">
        {low.data.map((t) => (
          <li key={t._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <Link to={`/dashboard/manageTools/${t._id}`} className="font-medium text-navy hover:underline">
              {t.name}
              {t.sku && <span className="text-slate-600"> · {t.sku}</span>}
            </Link>
            <span className="text-amber-900">{stockLine(t)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
