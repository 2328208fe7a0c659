// Paging constants with no zod, for the web pages a first visit loads (see tool-display.ts).

export const maxPageSize = 100;

/** Lists stay arrays; the number of items in the whole list travels in this header. */
export const totalCountHeader = "x-total-count";
