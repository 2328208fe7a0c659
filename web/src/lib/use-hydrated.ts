import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

/**
 * False on the server and in the render that hydrates its HTML, true afterwards: what a visitor's
 * page must not carry (a company's price, the tax of a signed-in buyer's order) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
