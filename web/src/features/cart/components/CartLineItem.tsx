import { type FormEvent, useState } from "react";
import type { CartLine } from "#contract/cart";
import { lotRange, nextLot } from "#contract/lot-rules";
import { formatDollars } from "#contract/money";
import { pieces } from "#contract/tool-display";
import { controlClass, FieldError } from "#web/components/FormField";
import { AlertIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";
import { LotStepper } from "#web/components/LotStepper";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useRemoveCartLine, useSetCartLine } from "../api/cart";
import { refusalOf } from "../api/refusal";

/** A quantity the line did not take: why, and the nearest one it would. */
type Refused = { quantity: number; message: string; suggested: number | null };

/**
 * One line of the cart: the tool, its quantity on the tool page's lot stepper (each change is a PUT,
 * checked by the server), unit price and line total, what changed since it went in, and Remove.
 * The stepper's steps come from the tool's lot rules today, which the line carries (no read of the tool).
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();
  const [draft, setDraft] = useState<string | null>(null);
  const [refused, setRefused] = useState<Refused | null>(null);
  const busy = setLine.isPending || removeLine.isPending;

  async function change(quantity: number) {
    setRefused(null);
    try {
      await setLine.mutateAsync({ toolId: line.toolId, quantity });
      setDraft(null);
    } catch (error) {
      setRefused({
        quantity,
        message: errorMessage(error),
        suggested: refusalOf(error)?.suggestedQuantity ?? null,
      });
    }
  }

  function commitDraft(event?: FormEvent) {
    event?.preventDefault();
    if (draft === null) return;
    const quantity = Number(draft.trim());
    if (draft.trim() === "" || !Number.isInteger(quantity) || quantity <= 0) {
      setRefused({ quantity, message: "Order a whole number of pieces", suggested: null });
      return;
    }
    // Already refused (Enter, then the blur of a click on "Use N"): the message stands.
    if (quantity === refused?.quantity) return;
    if (quantity === line.quantity) {
      setDraft(null);
      return;
    }
    void change(quantity);
  }

  const range = lotRange(line);
  const priceChanged = line.addedUnitPrice !== line.unitPrice;
  const inputId = `quantity-${line.toolId}`;
  const errorId = `${inputId}-error`;

  return (
    <li className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 py-5 sm:grid-cols-[6rem_minmax(0,1fr)_auto]">
      <img
        src={line.img}
        alt=""
        width={96}
        height={64}
        loading="lazy"
        className="aspect-[3/2] w-full rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
      />
      <div className="min-w-0">
        <h2 className="font-semibold text-navy leading-snug">
          <Link to={`/tools/${line.toolId}`} className="hover:underline">
            {line.name}
          </Link>
        </h2>
        {line.sku && (
          <p className="mt-0.5 text-slate-600 text-sm">
            SKU <span className="font-mono">{line.sku}</span>
          </p>
        )}
        <p className="mt-1 text-slate-700 text-sm">
          {formatDollars(line.unitPrice)} a piece
          {priceChanged && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900 text-xs">
              Price changed: was {formatDollars(line.addedUnitPrice)}
            </span>
          )}
        </p>
        {line.problem && (
          <p className="mt-2 flex items-start gap-1.5 rounded-md bg-amber-50 px-2.5 py-1.5 font-medium text-amber-900 text-sm ring-1 ring-amber-200">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>{line.problem}</span>
          </p>
        )}
      </div>

      <div className="col-span-2 flex flex-wrap items-end justify-between gap-3 sm:col-span-1 sm:col-start-3 sm:row-span-1 sm:flex-col sm:items-end">
        <form onSubmit={commitDraft} className="w-44" aria-label={`Quantity of ${line.name}`}>
          <label htmlFor={inputId} className="sr-only">
            Quantity of {line.name} (pieces)
          </label>
          <LotStepper
            step={range.step}
            onStep={(direction) => void change(nextLot(line, line.quantity, direction))}
            fewerDisabled={busy || line.quantity <= range.minimum}
            moreDisabled={busy || line.quantity >= range.largest}
          >
            <input
              id={inputId}
              value={draft ?? String(line.quantity)}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={() => commitDraft()}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? errorId : undefined}
              className={`${controlClass} px-2 text-center font-semibold tabular-nums`}
            />
          </LotStepper>
        </form>
        <div className="text-right">
          <p className="font-bold text-lg text-navy tabular-nums" data-testid="line-total">
            {formatDollars(line.lineTotal)}
          </p>
          <p className="text-slate-600 text-xs">{pieces(line.quantity)}</p>
        </div>
      </div>

      <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 sm:col-span-3 sm:col-start-2">
        {refused ? (
          <div className="flex flex-wrap items-center gap-3">
            <FieldError id={errorId} message={refused.message} />
            {refused.suggested != null && (
              <button
                type="button"
                className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
                onClick={() => void change(refused.suggested as number)}
                disabled={busy}
              >
                Use {refused.suggested.toLocaleString("en-US")}
              </button>
            )}
          </div>
        ) : (
          <span />
        )}
        <button
          type="button"
          onClick={() =>
            removeLine.mutate(line.toolId, {
              onError: (error) => toast.error("Not removed", { description: errorMessage(error) }),
            })
          }
          disabled={busy}
          className="rounded font-semibold text-red-700 text-sm underline-offset-4 hover:underline disabled:opacity-50"
          aria-label={`Remove ${line.name}`}
        >
          {removeLine.isPending ? "Removing…" : "Remove"}
        </button>
      </div>
    </li>
  );
}
