import { type ReactNode, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Navbar } from "#web/components/Navbar";
import { PageMetaScope } from "#web/components/PageMeta";
import { Spinner } from "#web/components/Spinner";
import { AccountNav } from "#web/features/auth/components/AccountNav";
import { CartNavItem } from "#web/features/cart/components/CartNavItem";
import { lazyNearViewport } from "#web/lib/lazy-near-viewport";
import { useSignOutOnUnauthorized } from "#web/lib/session/leave-session";
import { Toaster } from "#web/lib/toast";
import { ErrorBoundary } from "./error-boundary";
import { RouteErrorPage } from "./RouteErrorPage";
import { useScrollRestoration } from "./scroll-restoration";

const footerId = "site-footer";
const toastOffset = { top: 76 };

// Below every page's first screen: its code loads when the visitor scrolls near it (a server-rendered
// page has its HTML meanwhile), keeping it out of the JavaScript a first visit needs (decision 023).
const Footer = lazyNearViewport(footerId, async () => (await import("#web/components/Footer")).Footer);

/** Navigation bar, main landmark and footer around every page. */
function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-navy px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <Navbar account={<AccountNav />} aside={<CartNavItem />} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <div id={footerId}>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </div>
      {/* Spec §9: toasts close after 5 seconds by default, at top-right: just below the 64 px bar, so
          a toast never covers the bar's links (on a phone it spans the width; a pointer resting on
          it pauses its timer). */}
      <Toaster
        position="top-right"
        duration={5000}
        offset={toastOffset}
        mobileOffset={toastOffset}
        richColors
      />
    </div>
  );
}

/**
 * Marks the document once the app has taken the page over (`<html data-app="ready">`): a
 * server-rendered page's buttons are there before their handlers are (the browser tests wait for it).
 */
function useMarkReady() {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
}

export function RootLayout() {
  useMarkReady();
  useSignOutOnUnauthorized();
  useScrollRestoration();
  const { pathname } = useLocation();
  return (
    <PageMetaScope>
      <AppShell>
        {/* A page that fails to load or render shows an error inside the shell, navigation still there;
          going to another page clears it. Navigations are transitions: the current page stays on
          screen while the next one's code loads, so the spinner shows only on a first load. */}
        <ErrorBoundary FallbackComponent={RouteErrorPage} resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AppShell>
    </PageMetaScope>
  );
}
