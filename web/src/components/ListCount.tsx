import type { ReactNode } from "react";

type ListCountProps = {
  /** Items in the whole list; nothing shows until it is known. */
  total: number | undefined;
  /** What the list holds, in the singular: "order" (the plural adds an s). */
  noun: string;
  /** The plural, when it is not the noun and an s ("deliveries"). */
  plural?: string;
  /** More after the count (", 2 unread on this page"). */
  children?: ReactNode;
};

/** The size of a dashboard screen's list, beside its title (PanelHeading's aside): "45 accounts". */
export function ListCount({ total, noun, plural = `${noun}s`, children }: ListCountProps) {
  if (total === undefined) return null;
  return (
    <p className="text-slate-600 text-sm">
      {total} {total === 1 ? noun : plural}
      {children}
    </p>
  );
}
