import { lazy, type ReactNode, Suspense } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { Navbar } from "../components/Navbar";
import { Spinner } from "../components/Spinner";
import { useSignOutOnUnauthorized } from "../features/auth/api/sign-out";
import { AccountNav } from "../features/auth/components/AccountNav";
import { Toaster } from "../lib/toast";

// Below every page's first screen: its code loads beside the page's own, after the first render
// (part of keeping the JavaScript a first visit needs to render under 120 kB gzipped).
const Footer = lazy(async () => ({ default: (await import("../components/Footer")).Footer }));

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
      <Navbar account={<AccountNav />} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {/* Spec §9: toasts close after 5 seconds by default, at top-right. */}
      <Toaster position="top-right" duration={5000} richColors />
    </div>
  );
}

export function RootLayout() {
  useSignOutOnUnauthorized();
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
