import type { ReactNode } from "react";
import { CheckIcon } from "#web/components/auth-icons";

type AuthLayoutProps = {
  /** The page's heading (and title). */
  title: string;
  subtitle: string;
  children: ReactNode;
  /** The line under the form: the way to the other screen. */
  footer: ReactNode;
};

const promises = [
  "Genuine spare parts, with warranty",
  "Upfront lot prices, 6 months free instalments",
  "Free doorstep pick-up and drop",
];

/** The frame of the login and sign-up screens: the form in a card, beside a brand panel on wide screens. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 items-start px-4 py-8 sm:px-6 sm:py-12 lg:items-center lg:px-8">
      <title>{`${title} · Car Mechanic`}</title>
      <div className="grid w-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <aside className="on-dark relative hidden overflow-hidden bg-navy p-10 text-white lg:flex lg:flex-col lg:justify-between">
          <div
            aria-hidden="true"
            className="-right-24 -top-24 absolute size-72 rounded-full bg-accent/20 blur-3xl"
          />
          <div className="relative">
            <img src="/images/logo-mark.svg" width={48} height={48} alt="" className="size-12" />
            <p className="mt-8 font-bold text-2xl leading-tight tracking-tight">
              Tools and parts for workshops, sold in lots.
            </p>
            <p className="mt-3 text-slate-300">One account for ordering, paying and following your lots.</p>
          </div>
          <ul className="relative mt-10 space-y-3 text-[0.9375rem] text-slate-200">
            {promises.map((promise) => (
              <li key={promise} className="flex items-start gap-3">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-accent/20 text-accent">
                  <CheckIcon className="size-3.5" />
                </span>
                {promise}
              </li>
            ))}
          </ul>
        </aside>
        <div className="px-5 py-8 sm:px-10 sm:py-10">
          <h1 className="font-bold text-2xl text-navy tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-2 text-slate-600">{subtitle}</p>
          <div className="mt-8">{children}</div>
          <p className="mt-8 border-slate-200 border-t pt-6 text-center text-slate-600 text-sm">{footer}</p>
        </div>
      </div>
    </div>
  );
}
