import type { OrderStatus } from "#contract/order-status";
import { statusTones } from "../order-display";

/** An order's status as a small coloured label. */
export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-1 font-semibold text-xs ring-1 ${statusTones[status]}`}
    >
      {label}
    </span>
  );
}
