import { Link } from "react-router";
import { FacebookIcon, XIcon, YouTubeIcon } from "./icons";

const services = ["Car Accessories", "Body Parts", "Engine Parts", "Fuel System"];

const socials = [
  { label: "Car Mechanic on Facebook", Icon: FacebookIcon },
  { label: "Car Mechanic on X", Icon: XIcon },
  { label: "Car Mechanic on YouTube", Icon: YouTubeIcon },
];

const badges = [
  { href: "https://apps.apple.com/", src: "/images/badges/app-store.svg", alt: "Download on the App Store" },
  {
    href: "https://play.google.com/store/apps",
    src: "/images/badges/google-play.svg",
    alt: "Get it on Google Play",
  },
];

/** What the shop promises its buyers: linked under the columns, on every page. */
const policies = [
  { to: "/terms", label: "Terms of sale" },
  { to: "/privacy", label: "Privacy" },
  { to: "/shipping", label: "Shipping & returns" },
];

const heading = "text-sm font-semibold uppercase tracking-wider text-white";
const item = "text-slate-300 transition-colors hover:text-white";

export function Footer() {
  return (
    <footer className="on-dark bg-navy text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:grid-cols-[1.6fr_1fr_1fr_1fr] lg:px-8 lg:py-16">
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-3">
            <span className="flex size-11 items-center justify-center rounded-lg bg-white">
              <img
                src="/images/logo-mark.svg"
                width={40}
                height={40}
                alt=""
                loading="lazy"
                className="size-8"
              />
            </span>
            <span className="text-lg font-bold text-white">Car Mechanic</span>
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-300">
            Genuine car tools and parts for workshops, sold in lots at upfront prices, with free doorstep
            pick-up and drop.
          </p>
          <ul className="mt-6 flex flex-wrap gap-3" aria-label="Get our app">
            {badges.map((badge) => (
              <li key={badge.src}>
                <a
                  href={badge.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block rounded-[10px] transition-opacity hover:opacity-85"
                >
                  <img
                    src={badge.src}
                    width={180}
                    height={54}
                    alt={badge.alt}
                    loading="lazy"
                    className="h-11 w-auto"
                  />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <section aria-labelledby="footer-services">
          <h2 id="footer-services" className={heading}>
            Services
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {services.map((service) => (
              <li key={service} className="text-slate-300">
                {service}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className={heading}>
            Company
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to="/about" className={item}>
                About Us
              </Link>
            </li>
            <li>
              <Link to="/contact" className={item}>
                Contact
              </Link>
            </li>
            <li className="text-slate-300">Jobs</li>
            <li className="text-slate-300">Press Kit</li>
          </ul>
        </section>

        <section aria-labelledby="footer-social" id="social" className="col-span-2 sm:col-span-1">
          <h2 id="footer-social" className={heading}>
            Social
          </h2>
          <ul className="mt-4 flex gap-3">
            {socials.map(({ label, Icon }) => (
              <li key={label}>
                {/* The spec's social links have no destination yet; they point at this column. */}
                <a
                  href="#social"
                  aria-label={label}
                  className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent-dark"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-6 text-sm sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <nav aria-label="Policies">
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
              {policies.map((policy) => (
                <li key={policy.to}>
                  <Link to={policy.to} className={`inline-block py-1 ${item}`}>
                    {policy.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-center text-slate-400">© 2026 Car Mechanic. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
