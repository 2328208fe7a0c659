import { CheckCircleIcon } from "#web/components/shop-icons";

/** "Paid" with a check, or "Not Paid" (the spec's words). */
export function PaidBadge({ paid }: { paid: boolean }) {
  if (!paid) {
    return (
      <span className="inline-flex items-center whitespace-nowrap rounded-full bg-white px-2.5 py-1 font-semibold text-red-800 text-xs ring-1 ring-red-200">
        Not Paid
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-emerald-50 px-2.5 py-1 font-semibold text-emerald-900 text-xs ring-1 ring-emerald-200">
      <CheckCircleIcon className="size-3.5" />
      Paid
    </span>
  );
}
