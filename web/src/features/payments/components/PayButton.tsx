import { formatDollars } from "#contract/money";
import { NewTabLink } from "#web/components/NewTabLink";
import { Spinner } from "#web/components/Spinner";

type PayButtonProps = {
  total: number;
  /** False until the payment's client secret has arrived (spec §4): the button stays disabled. */
  ready: boolean;
  paying: boolean;
};

/**
 * The form's submit button: disabled until the payment can be confirmed, busy while it is; under it,
 * the terms the buyer accepts by paying.
 */
export function PayButton({ total, ready, paying }: PayButtonProps) {
  return (
    <div>
      <button type="submit" className="btn btn-primary w-full text-base" disabled={!ready || paying}>
        {paying ? "Paying…" : `Pay ${formatDollars(total)}`}
      </button>
      {!ready && (
        <p className="mt-2 flex items-center justify-center gap-2 text-slate-600 text-sm">
          <Spinner variant="inline" label="Preparing the payment…" />
          <span aria-hidden="true">Preparing a secure payment…</span>
        </p>
      )}
      {/* In a new tab: the card details typed so far stay where they are. */}
      <p className="mt-3 text-center text-slate-600 text-sm">
        By paying you accept the <NewTabLink href="/terms">terms of sale</NewTabLink>.
      </p>
    </div>
  );
}
