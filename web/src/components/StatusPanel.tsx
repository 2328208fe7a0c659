import type { ComponentType, ReactNode } from "react";
import type { IconProps } from "./icons";

/**
 * How big the panel is where it stands: `compact` inside a home page section (under its h2),
 * `regular` in place of a list (the default), `page` when the panel is the page itself (its h1).
 */
export type StatusPanelSize = "compact" | "regular" | "page";

const sizes = {
  compact: { box: "py-8", icon: "size-8", heading: "mt-3 font-semibold text-lg" },
  regular: { box: "py-10", icon: "size-10", heading: "mt-4 font-semibold text-lg" },
  page: { box: "py-10", icon: "size-10", heading: "mt-4 font-bold text-2xl" },
} satisfies Record<StatusPanelSize, Record<string, string>>;

type StatusPanelProps = {
  icon: ComponentType<IconProps>;
  title: string;
  /** One or two sentences under the title. */
  children?: ReactNode;
  /** A link or button onward, after the text (it brings its own top margin). */
  action?: ReactNode;
  /** `error` is an alert, in red; `neutral` says there is nothing (yet) to show. */
  tone?: "neutral" | "error";
  size?: StatusPanelSize;
  /** The heading level where the panel sits (h2 under a page's h1). */
  headingLevel?: 1 | 2 | 3;
  /** Classes for where the panel sits ("mx-auto max-w-lg" centres a narrow one). */
  className?: string;
};

/**
 * A centred panel in place of content that is not there: an empty list, a thing not found, or
 * (tone `error`, see LoadError) what failed to load.
 */
export function StatusPanel({
  icon: Icon,
  title,
  children,
  action,
  tone = "neutral",
  size = "regular",
  headingLevel = 2,
  className,
}: StatusPanelProps) {
  const Heading = `h${headingLevel}` as const;
  const { box, icon, heading } = sizes[size];
  const error = tone === "error";
  return (
    <div
      role={error ? "alert" : undefined}
      className={`${className ? `${className} ` : ""}rounded-2xl border ${
        error ? "border-red-200" : "border-slate-200"
      } bg-white px-6 ${box} text-center shadow-sm`}
    >
      <Icon className={`mx-auto ${icon} ${error ? "text-red-700" : "text-slate-500"}`} />
      <Heading className={`${heading} text-navy`}>{title}</Heading>
      {children && <p className="mt-2 text-slate-600">{children}</p>}
      {action}
    </div>
  );
}
