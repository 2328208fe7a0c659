import { Link } from "#web/components/Link";

export function NotFoundPage() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col items-center px-4 py-12 text-center sm:px-6 sm:py-16 lg:px-8">
      <title>Page not found · Car Mechanic</title>
      {/* Decoration: the heading says what happened, once for the eye and once for a screen reader. */}
      <img
        src="/images/not-found.svg"
        width={800}
        height={400}
        alt=""
        className="aspect-[2/1] h-auto w-full max-w-xl rounded-2xl bg-mist"
      />
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-navy sm:text-4xl">Page not found</h1>
      <p className="mt-3 max-w-md text-slate-600">
        The page you were looking for does not exist or has moved. Check the address, or head back to the
        shop.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className="btn btn-primary">
          Back to home
        </Link>
        <Link to="/tools" className="btn btn-secondary">
          Browse tools
        </Link>
      </div>
    </div>
  );
}
