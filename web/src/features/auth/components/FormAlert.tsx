import { AlertIcon } from "#web/components/icons";

/** The server's answer to a failed sign-in or sign-up, in red above the submit button. */
export function FormAlert({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700"
    >
      <AlertIcon className="mt-px size-5 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
