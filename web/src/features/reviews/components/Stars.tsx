/** Whole stars from 0 to 5 (spec §9): a rating outside the scale is held to its ends. */
export function starCount(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating)));
}

const starPath = "M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8z";

/** A read-only star rating; screen readers hear "Rated 4 out of 5". */
export function Stars({ rating, className = "size-5" }: { rating: number; className?: string }) {
  const filled = starCount(rating);
  return (
    <span role="img" aria-label={`Rated ${filled} out of 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`${className} ${star <= filled ? "text-amber-500" : "text-slate-300"}`}
          fill="currentColor"
        >
          <path d={starPath} />
        </svg>
      ))}
    </span>
  );
}
