import { Link, useLocation } from "react-router";
import { WrenchIcon } from "./icons";

type ComingSoonProps = {
  /** The screen's name, shown as the page heading. */
  screen: string;
  /** One sentence on what the screen will do. */
  description?: string;
  /** `page` centres the panel in the page; `panel` fills the area it is placed in (the dashboard). */
  layout?: "page" | "panel";
};

/** The placeholder for a screen that a later release builds: the page's heading and a way onward. */
export function ComingSoon({ screen, description, layout = "page" }: ComingSoonProps) {
  const { pathname } = useLocation();
  const onHome = pathname === "/" || pathname === "/home";
  return (
    <div
      className={
        layout === "page" ? "mx-auto flex w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8" : "flex"
      }
    >
      <title>{`${screen} · Car Mechanic`}</title>
      <section
        aria-labelledby="coming-soon-heading"
        className="mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10 sm:py-12"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-orange-50 text-accent-dark ring-1 ring-orange-200">
          <WrenchIcon className="size-7" />
        </span>
        <p className="mt-5 text-xs font-semibold uppercase tracking-widest text-accent-dark">Coming soon</p>
        <h1 id="coming-soon-heading" className="mt-2 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
          {screen}
        </h1>
        <p className="mx-auto mt-3 max-w-prose text-base text-slate-600">
          {description ?? "Our mechanics are still working on this screen."} In the meantime, our full
          catalogue of tools and parts is open for orders.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/tools" className="btn btn-primary">
            Browse tools
          </Link>
          {!onHome && (
            <Link to="/" className="btn btn-secondary">
              Back to home
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
