import type { ComponentType, ReactNode } from "react";
import { ClockIcon, MapPinIcon, PhoneIcon } from "#web/components/shop-icons";

/** The shop's contact details, shown on the home page and the contact page. */
export const shopContact = {
  phoneDisplay: "+1 (614) 555-0142",
  phoneHref: "tel:+16145550142",
  address: ["Car Mechanic Parts Depot", "1450 Industrial Parkway, Unit 3", "Columbus, OH 43219, USA"],
} as const;

type InfoCard = { title: string; Icon: ComponentType<{ className?: string }>; body: ReactNode };

const cards: InfoCard[] = [
  {
    title: "Opening Hours",
    Icon: ClockIcon,
    body: (
      <p>
        9.00am to 5.00pm, <span className="whitespace-nowrap">Monday to Friday</span>
      </p>
    ),
  },
  {
    title: "Our Locations",
    Icon: MapPinIcon,
    body: (
      <address className="not-italic">
        {shopContact.address.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    ),
  },
  {
    title: "Contact Us",
    Icon: PhoneIcon,
    body: (
      <>
        <p>Phone line 10:00am to 07:00pm</p>
        <p className="mt-1">
          <a
            href={shopContact.phoneHref}
            className="font-semibold text-accent-dark underline decoration-orange-300 underline-offset-4 hover:text-accent-darker"
          >
            {shopContact.phoneDisplay}
          </a>
        </p>
      </>
    ),
  },
];

/** Opening Hours, Our Locations and Contact Us, side by side from medium screens. */
export function InfoCards({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map(({ title, Icon, body }) => (
        <li key={title}>
          <div className="flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-slate-600 shadow-sm">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-orange-50 text-accent-dark ring-1 ring-orange-200">
              <Icon />
            </span>
            <div className="min-w-0">
              <Heading className="text-lg font-semibold text-navy">{title}</Heading>
              <div className="mt-1.5 leading-7">{body}</div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
