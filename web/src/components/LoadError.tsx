import { errorMessage } from "../lib/api";
import { AlertIcon } from "./icons";

type LoadErrorProps = {
  /** What could not be loaded: "We could not load the tools". */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** The heading level where the panel sits (h2 under a page's h1). */
  headingLevel?: 1 | 2;
};

/** A list or page that failed to load: the server's reason and a Retry button. */
export function LoadError({ title, error, onRetry, retrying, headingLevel = 2 }: LoadErrorProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm">
      <AlertIcon className="mx-auto size-10 text-red-700" />
      <Heading className="mt-4 font-semibold text-lg text-navy">{title}</Heading>
      <p className="mt-2 text-slate-600">{errorMessage(error)}</p>
      <button type="button" className="btn btn-primary mt-6" onClick={onRetry} disabled={retrying}>
        {retrying ? "Retrying…" : "Retry"}
      </button>
    </div>
  );
}
