type SpinnerProps = {
  /** Read by screen readers; the default suits most loading states. */
  label?: string;
  /** `page` centres the spinner in a tall area (a page or section loading); `inline` sits in a line. */
  variant?: "page" | "inline";
};

/** An accessible loading indicator: a live status region with a visually hidden label. */
export function Spinner({ label = "Loading…", variant = "page" }: SpinnerProps) {
  const wheel = (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${variant === "page" ? "size-10" : "size-5"} animate-spin text-accent-dark`}
    >
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.2" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
  return (
    <div
      role="status"
      className={
        variant === "page" ? "flex min-h-64 items-center justify-center py-16" : "inline-flex items-center"
      }
    >
      {wheel}
      <span className="sr-only">{label}</span>
    </div>
  );
}
