import type { ReactNode } from "react";
import { Link } from "#web/components/Link";
import { PageHeader } from "#web/components/PageHeader";
import { PageMeta } from "#web/components/PageMeta";

export type PolicySection = { id: string; title: string; body: ReactNode };

type PolicyPageProps = {
  /** The page's h1, also its title. */
  title: string;
  description: string;
  eyebrow: string;
  intro: ReactNode;
  sections: PolicySection[];
};

export const policyList = "list-disc space-y-2 pl-6 marker:text-accent-dark";
const linkClass = "font-semibold text-accent-dark underline-offset-4 hover:underline";

/** A link to another page of the shop inside a policy's text. */
export function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** The terms, privacy and shipping pages: a header, the sections' index and the sections. */
export function PolicyPage({ title, description, eyebrow, intro, sections }: PolicyPageProps) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12 lg:px-8">
        <nav aria-label="On this page" className="mb-10 lg:sticky lg:top-24 lg:mb-0 lg:self-start">
          <p className="text-xs font-semibold uppercase tracking-widest text-slate-600">On this page</p>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-steel underline-offset-4 hover:text-accent-dark hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2
                id={`${section.id}-title`}
                className="text-xl font-bold tracking-tight text-navy sm:text-2xl"
              >
                {section.title}
              </h2>
              <div className="mt-3 space-y-4 leading-7 text-slate-700">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
