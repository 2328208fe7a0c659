import type { FormEventHandler, ReactNode } from "react";
import { FailedAlert } from "#web/components/forms/FailedAlert";

type CompanyFormProps = {
  /** The h2's id, which names the form. */
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The failed call's error, under the fields (undefined while none). */
  failed: unknown;
  children: ReactNode;
};

/** The company page's forms (apply, invite): a card named by its heading, the server's refusal under it. */
export function CompanyForm({ id, title, onSubmit, failed, children }: CompanyFormProps) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="font-semibold text-lg text-navy">
        {title}
      </h2>
      {children}
      {failed ? <FailedAlert error={failed} className="mt-4" /> : null}
    </form>
  );
}
