import type { ReactNode } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { Footer } from "../components/Footer";
import { Navbar } from "../components/Navbar";
import { Spinner } from "../components/Spinner";

/** Navigation bar, main landmark and footer around every page. */
function AppShell({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-navy px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      {busy && (
        <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-orange-100">
          <div className="h-full w-full origin-left animate-progress bg-accent motion-reduce:animate-none" />
          <span role="status" className="sr-only">
            Loading…
          </span>
        </div>
      )}
      <Navbar />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function RootLayout() {
  return (
    <AppShell>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}

/** Shown while the first page's code loads. */
export function RootHydrateFallback() {
  return (
    <AppShell>
      <Spinner />
    </AppShell>
  );
}
