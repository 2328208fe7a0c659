import { ChatIcon, UsersIcon, WrenchIcon } from "#web/components/shop-icons";

const figures = [
  { value: "100K+", label: "Customers", Icon: UsersIcon },
  { value: "33K+", label: "Reviews", Icon: ChatIcon },
  { value: "50K+", label: "Tools", Icon: WrenchIcon },
];

export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-heading" className="on-dark bg-navy py-16 text-slate-300 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">Trusted by workshops</p>
          <h2 id="summary-heading" className="section-title text-white">
            Business Summary
          </h2>
          <p className="mt-3 text-lg text-slate-300">
            Garages and workshops across the country stock up with us, and tell others about it.
          </p>
        </div>
        <dl className="mt-10 grid gap-6 sm:grid-cols-3">
          {figures.map(({ value, label, Icon }) => (
            <div
              key={label}
              className="flex flex-col-reverse items-center rounded-2xl bg-white/5 px-6 py-8 text-center ring-1 ring-white/10"
            >
              <dt className="mt-1 text-base font-medium text-slate-300">{label}</dt>
              <dd className="flex flex-col items-center">
                <Icon className="size-8 text-accent" />
                <span className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">{value}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
