import type { ComponentType } from "react";
import { ShieldCheckIcon, TagIcon, TruckIcon } from "#web/components/shop-icons";

type Benefit = {
  title: string;
  Icon: ComponentType<{ className?: string }>;
  summary: string;
};

export const benefits: Benefit[] = [
  {
    title: "Free doorstep pick-up and drop",
    Icon: TruckIcon,
    summary:
      "We drop every order at your workshop door and pick up returns and warranty parts from it, free of charge.",
  },
  {
    title: "Upfront and competitive pricing",
    Icon: TagIcon,
    summary:
      "Every price is shown per piece before you order, and every order can be paid with 6 month free instalment facilities.",
  },
  {
    title: "100% genuine spare parts",
    Icon: ShieldCheckIcon,
    summary:
      "Every part is genuine and comes with a warranty. We are the first importer of these parts in the country.",
  },
];

type BenefitCardsProps = {
  /** More about each benefit, by title (the Car Tools Benefits page shows them in full). */
  details?: Record<string, string[]>;
  headingLevel?: 2 | 3;
};

/** The three Car Tools Benefits as cards. */
export function BenefitCards({ details, headingLevel = 3 }: BenefitCardsProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {benefits.map(({ title, Icon, summary }) => (
        <li
          key={title}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <span className="flex size-12 items-center justify-center rounded-xl bg-accent-dark text-white shadow-sm">
            <Icon />
          </span>
          <Heading className="mt-5 text-xl font-semibold text-navy">{title}</Heading>
          <p className="mt-2 leading-7 text-slate-600">{summary}</p>
          {details?.[title] && (
            <ul className="mt-5 space-y-3 border-t border-slate-100 pt-5">
              {details[title].map((detail) => (
                <li key={detail} className="flex gap-3 leading-7 text-slate-700">
                  <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent" />
                  {detail}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
