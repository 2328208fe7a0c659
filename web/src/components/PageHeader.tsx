import type { ReactNode } from "react";

type PageHeaderProps = {
  /** The short line above the title. */
  eyebrow: string;
  /** The page's h1. */
  title: string;
  children?: ReactNode;
};

/** The band at the top of a content page: eyebrow, the page's one h1 and an introduction. */
export function PageHeader({ eyebrow, title, children }: PageHeaderProps) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy sm:text-4xl lg:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-3xl text-lg leading-8 text-slate-600">{children}</div>}
      </div>
    </div>
  );
}
