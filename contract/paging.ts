// Paging constants with no zod, for the web pages a first visit loads (see tool-display.ts).

export const maxPageSize = 100;

/** Lists stay arrays; the number of items in the whole list travels in this header. */
export const totalCountHeader = "x-total-count";

/** The pages a list's Link header (RFC 8288) points to, by rel: `next`, `prev`. */
export function pageLinks(header: string | null | undefined): { next?: string; prev?: string } {
  const links: { next?: string; prev?: string } = {};
  for (const part of header?.split(",") ?? []) {
    const match = /^\s*<([^>]*)>\s*;\s*rel="?(next|prev)"?\s*$/.exec(part);
    if (match?.[1] !== undefined && (match[2] === "next" || match[2] === "prev")) links[match[2]] = match[1];
  }
  return links;
}

/** The `cursor` of a link's URL (relative to the site), if it has one. */
export function cursorOf(link: string | undefined): string | undefined {
  return link === undefined
    ? undefined
    : (new URL(link, "http://shop.invalid").searchParams.get("cursor") ?? undefined);
}
