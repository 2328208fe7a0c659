import type { ComponentType } from "react";
import { Link } from "react-router";
import type { IconProps } from "./icons";
import { StatusPanel } from "./StatusPanel";

type PastLastPageProps = {
  /** The page asked for, past the list's last one. */
  page: number;
  /** What the list holds, in the plural: "tools", "orders". */
  items: string;
  /** The list as the sentence under the title names it: "The catalogue", "The inbox". */
  list: string;
  /** The address of the list's first page (its filter kept). */
  firstPageHref: string;
  icon: ComponentType<IconProps>;
  /** Classes for where the panel sits ("mx-auto max-w-lg" centres a narrow one). */
  className?: string;
};

/** A list asked for a page past its end: which page is empty, and the way back to the first. */
export function PastLastPage({ page, items, list, firstPageHref, icon, className }: PastLastPageProps) {
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
      {list} has fewer pages than that.
    </StatusPanel>
  );
}
