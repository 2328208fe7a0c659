import { CheckCircleIcon, ClockIcon, TruckIcon } from "#web/components/shop-icons";
import { arrivalDate, days, formatDay } from "#web/lib/delivery/delivery-date";

type DeliveryEstimateProps = {
  leadTimeDays: number;
  /** The visitor's delivery date, if one is chosen. */
  chosen: string | undefined;
  today: string;
};

function leadTime(count: number): string {
  return count === 0 ? "today" : `in ${days(count)}`;
}

/** On a tool card: whether the tool arrives by the chosen date, or when it can arrive at the earliest. */
export function DeliveryEstimate({ leadTimeDays, chosen, today }: DeliveryEstimateProps) {
  const arrives = arrivalDate(leadTimeDays, today);
  const base = "mt-4 flex items-start gap-2 rounded-lg px-3 py-2 text-sm";

  if (!chosen) {
    return (
      <p className={`${base} bg-slate-50 text-slate-700`} data-testid="delivery-estimate">
        <TruckIcon className="mt-px size-4 shrink-0" />
        <span>
          Delivery {leadTime(leadTimeDays)}: {formatDay(arrives)}
        </span>
      </p>
    );
  }
  if (arrives <= chosen) {
    return (
      <p
        className={`${base} bg-emerald-50 font-medium text-emerald-900 ring-1 ring-emerald-200`}
        data-testid="delivery-estimate"
        data-deliverable="true"
      >
        <CheckCircleIcon className="mt-px size-4 shrink-0" />
        <span>Arrives by your date ({formatDay(chosen)})</span>
      </p>
    );
  }
  return (
    <p
      className={`${base} bg-amber-50 font-medium text-amber-900 ring-1 ring-amber-200`}
      data-testid="delivery-estimate"
      data-deliverable="false"
    >
      <ClockIcon className="mt-px size-4 shrink-0" />
      <span>Not by your date: arrives {formatDay(arrives)}</span>
    </p>
  );
}
