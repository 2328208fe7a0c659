import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { useRoutes } from "react-router";
import { ErrorBoundary } from "./error-boundary";
import { RootErrorPage } from "./RouteErrorPage";
import { routes } from "./router";

/** The pages of router.tsx, for whichever router holds the address (the browser's or the server's). */
export function Pages() {
  return useRoutes(routes);
}

/**
 * Everything around the pages, the same in the browser (main.tsx) and on the server
 * (entry-server.tsx): a server-rendered page hydrates only when both draw the same tree.
 */
export function Shop({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary FallbackComponent={RootErrorPage}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
