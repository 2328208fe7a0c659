import type { ReactNode } from "react";

type PanelHeadingProps = {
  /** The h1's id, for the section's aria-labelledby. */
  id: string;
  title: string;
  /** One sentence under the title. */
  children?: ReactNode;
  /** On the right of the title on wide screens (a count, a link). */
  aside?: ReactNode;
};

/** The top of a dashboard screen: its one h1, a sentence on what it is for, and an optional aside. */
export function PanelHeading({ id, title, children, aside }: PanelHeadingProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <h1 id={id} className="font-bold text-2xl text-navy tracking-tight sm:text-3xl">
          {title}
        </h1>
        {children && <p className="mt-1 max-w-prose text-slate-600">{children}</p>}
      </div>
      {aside}
    </div>
  );
}
