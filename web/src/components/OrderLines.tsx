import { useId, useState } from "react";
import { formatDollars } from "#contract/money";
import type { OrderLine } from "#contract/orders";

type OrderLinesProps = {
  lines: readonly OrderLine[];
  /** The order's number, so each "Show all" button says which order it opens. */
  orderNumber: string;
  /** How many lines show before "Show all N lines". */
  first?: number;
};

/** "3 lines". */
export function lineCount(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "line" : "lines"}`;
}

/**
 * The lines of an order of several (My Orders, Manage All Order, the payment page): the count, the
 * first lines with quantity × price and line total, and all of them on "Show all N lines".
 */
export function OrderLines({ lines, orderNumber, first = 3 }: OrderLinesProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? lines : lines.slice(0, first);
  const hidden = lines.length - first;
  return (
    <div data-testid="order-lines">
      <p className="font-semibold text-navy" data-testid="order-line-count">
        {lineCount(lines.length)}
      </p>
      <ul id={listId} className="mt-1 space-y-1 text-sm">
        {shown.map((line) => (
          <li
            key={line.toolId}
            data-testid="order-line"
            className="flex items-baseline justify-between gap-3"
          >
            {/* A long name or part number wraps anywhere, so a table's column can stay narrow. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-medium text-navy">{line.name}</span>
              <span className="block text-slate-600 text-xs tabular-nums">
                {line.quantity.toLocaleString("en-US")} × {formatDollars(line.unitPrice)}
                {line.sku && <span className="font-mono"> · {line.sku}</span>}
              </span>
            </span>
            <span className="shrink-0 text-slate-700 tabular-nums">{formatDollars(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1.5 rounded font-semibold text-accent-dark text-sm underline-offset-4 hover:underline"
        >
          {expanded ? "Show fewer lines" : `Show all ${lines.length.toLocaleString("en-US")} lines`}
          <span className="sr-only"> of order {orderNumber}</span>
        </button>
      )}
    </div>
  );
}
