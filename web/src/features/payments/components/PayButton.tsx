import { formatDollars } from "#contract/money";
import { Spinner } from "#web/components/Spinner";

type PayButtonProps = {
  total: number;
  /** False until the payment's client secret has arrived (spec §4): the button stays disabled. */
  ready: boolean;
  paying: boolean;
};

/** The form's submit button: disabled until the payment can be confirmed, busy while it is. */
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
    </div>
  );
}
