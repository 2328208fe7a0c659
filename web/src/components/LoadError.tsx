import { errorMessage } from "#web/lib/api";
import { AlertIcon } from "./icons";
import { StatusPanel, type StatusPanelSize } from "./StatusPanel";

export type LoadErrorProps = {
  /** What could not be loaded: "We could not load the tools". */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** True while the retry runs: the button is busy. */
  retrying?: boolean;
  /** The heading level where the panel sits (h2 under a page's h1). */
  headingLevel?: 1 | 2 | 3;
  /** `compact` inside a home page section: a quieter "Try again" button. */
  size?: StatusPanelSize;
  /** Classes for where the panel sits ("mx-auto max-w-lg"). */
  className?: string;
};

/** A list or page that failed to load: the server's reason and a Retry button. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying = false,
  headingLevel = 2,
  size = "regular",
  className,
}: LoadErrorProps) {
  const compact = size === "compact";
  return (
    <StatusPanel
      tone="error"
      icon={AlertIcon}
      title={title}
      size={size}
      headingLevel={headingLevel}
      className={className}
      action={
        <button
          type="button"
          className={compact ? "btn btn-secondary mt-5" : "btn btn-primary mt-6"}
          onClick={onRetry}
          disabled={retrying}
        >
          {retrying ? "Retrying…" : compact ? "Try again" : "Retry"}
        </button>
      }
    >
      {errorMessage(error)}
    </StatusPanel>
  );
}
