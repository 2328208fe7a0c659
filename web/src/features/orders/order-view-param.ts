import { type OrderStatus, orderStatuses } from "#contract/order-status";

/**
 * Which orders Manage All Order lists, from `?status=`: those still to act on (unpaid and paid; no
 * parameter, the default), every order (`all`), or those of one status (`shipped`).
 */
export type OrderView = "toActOn" | "all" | OrderStatus;

/** Every view, in the order the status filter offers them. */
export const orderViews: readonly OrderView[] = ["toActOn", "all", ...orderStatuses];

/** The orders an admin still has to do something with: remove the unpaid ones, ship the paid ones. */
export const toActOnStatuses: readonly OrderStatus[] = ["pending", "paid"];

/** `?status=` as a view; anything unknown is the default, the orders to act on. */
export function parseOrderView(value: string | null): OrderView {
  if (value === "all") return "all";
  return orderStatuses.find((status) => status === value) ?? "toActOn";
}

/** The statuses GET /api/allOrder is asked for; undefined for every order. */
export function statusesOf(view: OrderView): readonly OrderStatus[] | undefined {
  if (view === "all") return undefined;
  return view === "toActOn" ? toActOnStatuses : [view];
}

/** The address of the list at `path` showing `view`, from its first page. */
export function orderViewHref(path: string, view: OrderView): string {
  return view === "toActOn" ? path : `${path}?status=${view}`;
}
