import { AlertIcon } from "#web/components/icons";

/** The gateway's answer to a card that did not go through, in red (spec §8). */
export function CardError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      data-testid="card-error"
      className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 font-medium text-red-700 text-sm"
    >
      <AlertIcon className="mt-px size-5 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
