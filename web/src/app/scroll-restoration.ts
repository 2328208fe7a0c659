import { useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

const positions = new Map<string, number>();

/**
 * What a reader expects of page changes: a new page starts at its top (or at its #anchor), and Back
 * returns to where the previous page was left. (React Router's own ScrollRestoration needs its data
 * router, which costs the first visit 17 kB more JavaScript: docs/decisions/008.)
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    const { key, hash } = location;
    if (navigationType === "POP" && positions.has(key)) {
      window.scrollTo(0, positions.get(key) ?? 0);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (navigationType !== "POP") {
      window.scrollTo(0, 0);
    }
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [location, navigationType]);
}
