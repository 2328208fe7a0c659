import { type ComponentType, createElement, lazy } from "react";

/** A page whose code is its own chunk, with a way to fetch that chunk before the page renders. */
export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * Like React.lazy, but `preload()` fetches the code ahead of time (main.tsx does so for the first
 * page), and once it is in, the page renders at once instead of suspending for a frame.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route, at module load (router.tsx)
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}
