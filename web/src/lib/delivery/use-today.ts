import { useSyncExternalStore } from "react";
import { noChanges, pageRenderedOn } from "../rendered-page";
import { todayIso } from "./delivery-date";

/**
 * Today (YYYY-MM-DD). A server-rendered page hydrates with the day the server drew it on, then, if
 * the browser's day differs (another time zone, past midnight), shows the browser's.
 */
export function useToday(): string {
  return useSyncExternalStore(noChanges, todayIso, () => pageRenderedOn() ?? todayIso());
}
