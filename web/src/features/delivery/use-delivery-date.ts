import { useSyncExternalStore } from "react";
import {
  readDeliveryDate,
  subscribeToDeliveryDate,
  writeDeliveryDate,
} from "#web/lib/delivery/delivery-date";

/** The remembered delivery date (YYYY-MM-DD or undefined) and the function that changes it. */
export function useDeliveryDate(): [string | undefined, (date: string | undefined) => void] {
  const date = useSyncExternalStore(
    subscribeToDeliveryDate,
    () => readDeliveryDate(),
    // The server knows no visitor's date: a server-rendered page hydrates without one, then shows it.
    () => undefined,
  );
  return [date, writeDeliveryDate];
}
