import type { ReactNode } from "react";
import type { Portfolio } from "#contract/profiles";
import { GraduationIcon } from "#web/components/dashboard-icons";
import { Email } from "#web/components/Email";
import { NewTabLink } from "#web/components/NewTabLink";
import { MailIcon } from "#web/components/shop-icons";
import { thumbnailOf } from "#web/lib/uploads/thumbnail";
import { defaultAvatar, shownUserImage } from "#web/lib/uploads/user-image";

const webLink = /^https?:\/\//i;

/** A project's address without its scheme and trailing slash, for reading. */
function readable(url: string): string {
  return url.replace(webLink, "").replace(/\/$/, "");
}

/** A project link: opens in a new tab; an address that is not a web link stays text. */
function ProjectLink({ n, url }: { n: number; url: string }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-slate-200 p-4">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-navy font-bold text-sm text-white">
        {n}
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-navy text-sm">Project {n}</p>
        {webLink.test(url) ? (
          <NewTabLink href={url}>{readable(url)}</NewTabLink>
        ) : (
          <span className="text-steel [overflow-wrap:anywhere]">{url}</span>
        )}
      </div>
    </li>
  );
}

/** A portfolio: photo, name, education, skill and three project links; the email when sent. */
export function PortfolioCard({ portfolio, children }: { portfolio: Portfolio; children?: ReactNode }) {
  return (
    <article
      data-testid="portfolio-card"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-col gap-5 border-slate-100 border-b bg-slate-50 p-5 sm:flex-row sm:items-center sm:p-8">
        <img
          src={thumbnailOf(shownUserImage(portfolio.img) ?? defaultAvatar)}
          alt=""
          width={112}
          height={112}
          decoding="async"
          className="size-24 shrink-0 rounded-2xl bg-slate-100 object-cover ring-1 ring-slate-200 sm:size-28"
        />
        <div className="min-w-0">
          <h2 className="font-bold text-2xl text-navy tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
            {portfolio.name}
          </h2>
          <div className="mt-2 flex flex-wrap gap-2">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-0.5 font-medium text-sm text-steel ring-1 ring-slate-200">
              <GraduationIcon className="size-4" />
              {portfolio.education}
            </span>
            {portfolio.email !== undefined && (
              <a
                href={`mailto:${portfolio.email}`}
                className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-0.5 font-medium text-sm text-steel ring-1 ring-slate-200 [overflow-wrap:anywhere] hover:text-navy"
              >
                <MailIcon className="size-4 shrink-0" />
                <Email email={portfolio.email} />
              </a>
            )}
          </div>
        </div>
      </div>
      <div className="space-y-6 p-5 sm:p-8">
        <section aria-labelledby={`skill-${portfolio._id}`}>
          <h3 id={`skill-${portfolio._id}`} className="eyebrow">
            Skill
          </h3>
          <p className="mt-2 text-slate-700 leading-7 [overflow-wrap:anywhere] whitespace-pre-line">
            {portfolio.skill}
          </p>
        </section>
        <section aria-labelledby={`projects-${portfolio._id}`}>
          <h3 id={`projects-${portfolio._id}`} className="eyebrow">
            Projects
          </h3>
          <ul className="mt-3 grid gap-3">
            <ProjectLink n={1} url={portfolio.project1} />
            <ProjectLink n={2} url={portfolio.project2} />
            <ProjectLink n={3} url={portfolio.project3} />
          </ul>
        </section>
        {children && <div className="flex flex-wrap gap-3 border-slate-100 border-t pt-5">{children}</div>}
      </div>
    </article>
  );
}
