import type { ReactNode } from "react";
import { CheckIcon } from "#web/components/auth-icons";

/** A success message in place of a form (the link is sent, the password is changed). */
export function FormNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3.5"
    >
      <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-green-600 text-white">
        <CheckIcon className="size-4" />
      </span>
      <div>
        <p className="font-semibold text-green-900">{title}</p>
        <p className="mt-1 text-green-900 text-sm leading-6">{children}</p>
      </div>
    </div>
  );
}
