import { AlertIcon } from "#web/components/icons";

/**
 * Shown inside the shell when a page fails to load or render (typically a page's code that cannot
 * be fetched after a new release, or a lost connection).
 */
export function RouteErrorPage() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <title>Something went wrong · Car Mechanic</title>
      <div
        role="alert"
        className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm"
      >
        <AlertIcon className="mx-auto size-10 text-red-700" />
        <h1 className="mt-4 text-2xl font-bold text-navy">This page could not be loaded</h1>
        <p className="mt-3 text-slate-600">
          Check your connection and reload the page. If it keeps happening, please try again in a few minutes.
        </p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    </div>
  );
}

/** The last resort, when the shell itself fails: a plain page with no router-dependent parts. */
export function RootErrorPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <title>Something went wrong · Car Mechanic</title>
      <div role="alert" className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-navy">Something went wrong</h1>
        <p className="mt-3 text-slate-600">Please reload the page.</p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    </main>
  );
}
