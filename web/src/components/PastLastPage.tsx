import type { ComponentType, ReactNode } from "react";
import type { IconProps } from "./icons";
import { Link } from "./Link";
import { StatusPanel } from "./StatusPanel";

type PastLastPageProps = {
  /** The page asked for, past the list's last one. */
  page: number;
  /** What the list holds, in the plural: "tools", "orders". */
  items: string;
  /** The address of the list's first page (its filter kept). */
  firstPageHref: string;
  icon: ComponentType<IconProps>;
  /** Classes for where the panel sits ("mx-auto max-w-lg" centres a narrow one). */
  className?: string;
  /** What the first page shows when the whole list is empty. */
  children?: ReactNode;
};

/**
 * An empty page of a list: past the list's end, which page is empty and the way back to the first;
 * on the first page, the list's own empty panel (children).
 */
export function PastLastPage({ page, items, firstPageHref, icon, className, children }: PastLastPageProps) {
  if (page === 1) return children;
  return (
    <StatusPanel
      icon={icon}
      title={`There are no ${items} on page ${page}`}
      className={className}
      action={
        <Link to={firstPageHref} className="btn btn-primary mt-6">
          Go to the first page
        </Link>
      }
    >
      The list has fewer pages than that.
    </StatusPanel>
  );
}
