import type { ReorderAnswer } from "#contract/checkout";

/**
 * What "Order again" (My Orders) hands the cart page in the navigation's state: the order put back
 * in the cart and what changed for its lines since (today's rules, prices and stock).
 */
export type ReorderNotice = { orderNumber: string; changes: ReorderAnswer["changes"] };

/** The notice in a location's state, when there is one (any other state reads as none). */
export function reorderNoticeOf(state: unknown): ReorderNotice | undefined {
  if (!state || typeof state !== "object" || !("reorder" in state)) return undefined;
  const notice = state.reorder as Partial<ReorderNotice> | undefined;
  if (typeof notice?.orderNumber !== "string" || !Array.isArray(notice.changes)) return undefined;
  return { orderNumber: notice.orderNumber, changes: notice.changes };
}

/** The location state that carries `notice` to the cart page. */
export function reorderState(notice: ReorderNotice): { reorder: ReorderNotice } {
  return { reorder: notice };
}
