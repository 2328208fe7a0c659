import { Link } from "#web/components/Link";
import { PageHeader } from "#web/components/PageHeader";
import { PageMeta } from "#web/components/PageMeta";
import { ShieldCheckIcon, TruckIcon, UsersIcon } from "#web/components/shop-icons";

const values = [
  {
    title: "Parts for workshops",
    Icon: UsersIcon,
    text: "We sell car parts and tools to garages and workshops in minimum-quantity lots, so you stock up at a lot price instead of buying piece by piece.",
  },
  {
    title: "Complimentary pick-up and drop-in",
    Icon: TruckIcon,
    text: "We drop your order at your door and pick up returns and warranty parts from it, free. You stay at the lift; we do the driving.",
  },
  {
    title: "Genuine, with warranty",
    Icon: ShieldCheckIcon,
    text: "Every part is 100% genuine and carries its warranty. As the first importer of these parts in the country, we buy from the makers directly.",
  },
];

export function AboutPage() {
  return (
    <>
      <PageMeta
        title="About Us"
        description="Car Mechanic sells genuine car parts and tools to workshops in minimum-quantity lots and offers complimentary pick-up and drop-in."
      />
      <PageHeader eyebrow="Our story" title="About Us">
        <p>
          Car Mechanic sells car parts and tools to workshops, and offers complimentary pick-up and drop-in:
          we bring your order to your door and collect what needs to come back, at no charge.
        </p>
      </PageHeader>

      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-lg leading-8 text-slate-700">
            <h2 className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
              Built by mechanics, for mechanics
            </h2>
            <p>
              We started as a parts counter for a handful of local garages. Today we supply workshops across
              the country with engine parts, body parts, fuel system parts and the tools to fit them.
            </p>
            <p>
              Everything is sold in lots with the price per piece shown up front, so a workshop knows what a
              lot costs before it orders. Larger orders can be spread over 6 months with free instalments.
            </p>
          </div>
          <img
            src="/images/banners/banner-3.svg"
            width={1600}
            height={600}
            alt="Shelves of boxed spare parts with a polished piston and gears in front"
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-2xl bg-navy object-cover object-right shadow-sm sm:aspect-[8/3]"
          />
        </div>

        <h2 className="mt-16 text-2xl font-bold tracking-tight text-navy sm:text-3xl">What we do</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {values.map(({ title, Icon, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-xl bg-orange-50 text-accent-dark ring-1 ring-orange-200">
                <Icon />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-navy">{title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-12 flex flex-col gap-3 sm:flex-row">
          <Link to="/tools" className="btn btn-primary">
            Browse our tools
          </Link>
          <Link to="/contact" className="btn btn-secondary">
            Contact our team
          </Link>
        </div>
      </div>
    </>
  );
}
