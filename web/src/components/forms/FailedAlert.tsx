import { errorMessage } from "#web/lib/api";
import { AlertIcon } from "../icons";

const alertClass =
  "flex items-start gap-2 rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm ring-1 ring-red-200";

type FailedAlertProps = {
  /** The failed call's error: its message follows the spec's "Failed:". */
  error: unknown;
  /** Classes for its place in the form (a top margin). */
  className?: string;
};

/** A dashboard form's failed save, under its fields: "Failed:" and the server's reason, in red. */
export function FailedAlert({ error, className }: FailedAlertProps) {
  return (
    <p role="alert" className={className ? `${className} ${alertClass}` : alertClass}>
      <AlertIcon className="mt-px size-5 shrink-0" />
      <span>
        <span className="font-semibold">Failed:</span> {errorMessage(error)}
      </span>
    </p>
  );
}
