import type { ShopLinkName } from "#contract/shop-links";
import { useShopLinks } from "#web/lib/shop-links/get-shop-links";
import { Link } from "./Link";
import { FacebookIcon, XIcon, YouTubeIcon } from "./social-icons";

/** What the shop does (plain text: there is no page of each). */
const services = ["Car Accessories", "Body Parts", "Engine Parts", "Fuel System"];

// The spec's social icons and app-store badges, each shown only when its link is set (the
// operator's settings, GET /api/shop-links): no link that goes nowhere.
const socials: { name: ShopLinkName; label: string; Icon: typeof FacebookIcon }[] = [
  { name: "facebook", label: "Car Mechanic on Facebook", Icon: FacebookIcon },
  { name: "x", label: "Car Mechanic on X", Icon: XIcon },
  { name: "youtube", label: "Car Mechanic on YouTube", Icon: YouTubeIcon },
];

const badges: { name: ShopLinkName; src: string; alt: string }[] = [
  { name: "appStore", src: "/images/badges/app-store.svg", alt: "Download on the App Store" },
  { name: "googlePlay", src: "/images/badges/google-play.svg", alt: "Get it on Google Play" },
];

/** The entries of `list` whose link is set, each with it. */
function withLinks<T extends { name: ShopLinkName }>(
  list: T[],
  links: Partial<Record<ShopLinkName, string>>,
) {
  return list.flatMap((entry) => {
    const href = links[entry.name];
    return href ? [{ ...entry, href }] : [];
  });
}

/** What the shop promises its buyers: linked under the columns, on every page. */
const policies = [
  { to: "/terms", label: "Terms of sale" },
  { to: "/privacy", label: "Privacy" },
  { to: "/shipping", label: "Shipping & returns" },
];

const heading = "text-sm font-semibold uppercase tracking-wider text-white";
/** A link: underlined, so it never looks like the plain text beside it. */
const item =
  "text-white underline decoration-white/40 underline-offset-4 transition-colors hover:decoration-accent";

export function Footer() {
  const links = useShopLinks().data ?? {};
  const shownBadges = withLinks(badges, links);
  const shownSocials = withLinks(socials, links);
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
          {shownBadges.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-3" aria-label="Get our app">
              {shownBadges.map((badge) => (
                <li key={badge.name}>
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
          )}
        </div>

        <section aria-labelledby="footer-services">
          <h2 id="footer-services" className={heading}>
            Services
          </h2>
          <ul className="mt-4 list-disc space-y-3 pl-4 text-slate-300 text-sm marker:text-accent">
            {services.map((service) => (
              <li key={service}>{service}</li>
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
          </ul>
        </section>

        {shownSocials.length > 0 && (
          <section aria-labelledby="footer-social" className="col-span-2 sm:col-span-1">
            <h2 id="footer-social" className={heading}>
              Social
            </h2>
            <ul className="mt-4 flex gap-3">
              {shownSocials.map(({ name, href, label, Icon }) => (
                <li key={name}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${label} (opens in a new tab)`}
                    className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent-dark"
                  >
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
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
