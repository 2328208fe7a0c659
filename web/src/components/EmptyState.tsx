import type { ReactNode } from "react";

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** A link or button onward. */
  action?: ReactNode;
  /** h1 when the panel is the whole page, h2 under a page's h1 (the default). */
  headingLevel?: 1 | 2;
};

/** Nothing to show yet: what is missing, why it matters, and the way to add it. */
export function EmptyState({ icon, title, children, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10 sm:py-12">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-orange-50 text-accent-dark ring-1 ring-orange-200">
        {icon}
      </span>
      <Heading className="mt-5 font-bold text-navy text-xl tracking-tight sm:text-2xl">{title}</Heading>
      {children && <div className="mx-auto mt-3 max-w-prose text-slate-600">{children}</div>}
      {action && <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">{action}</div>}
    </div>
  );
}
