import type { ReactNode } from "react";
import { ExternalLinkIcon } from "./dashboard-icons";

/** A link that opens in a new tab, without giving that page a handle on this one. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-accent-dark underline-offset-4 [overflow-wrap:anywhere] hover:underline"
    >
      {children}
      <ExternalLinkIcon className="ml-1 inline size-4 align-[-2px]" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
