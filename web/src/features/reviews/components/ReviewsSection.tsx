import type { ReactNode } from "react";
import type { Review } from "../../../../../contract/reviews";
import { AlertIcon } from "../../../components/icons";
import { Spinner } from "../../../components/Spinner";
import { ChatIcon, CheckCircleIcon } from "../../../components/shop-icons";
import { errorMessage } from "../../../lib/api";
import { useReviews } from "../api/get-reviews";
import { Stars } from "./Stars";

function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars rating={review.rating} />
      {/* Text, never HTML: React escapes whatever a reviewer wrote. */}
      <blockquote className="mt-4 flex-1 text-slate-700 leading-7 break-words whitespace-pre-line">
        <p>{review.description}</p>
      </blockquote>
      <figcaption className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-100 pt-4">
        <span className="font-semibold text-navy break-all">{review.name}</span>
        {review.verified && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
            <CheckCircleIcon className="size-3.5" />
            Verified buyer
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** The home page's Reviews: the newest reviews, with their empty and error states. */
export function ReviewsSection() {
  const reviews = useReviews();

  let body: ReactNode;
  if (reviews.isPending) {
    body = <Spinner label="Loading reviews…" />;
  } else if (reviews.isError) {
    body = (
      <div
        role="alert"
        className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-white px-6 py-8 text-center shadow-sm"
      >
        <AlertIcon className="mx-auto size-8 text-red-700" />
        <h3 className="mt-3 text-lg font-semibold text-navy">We could not load the reviews</h3>
        <p className="mt-2 text-slate-600">{errorMessage(reviews.error)}</p>
        <button
          type="button"
          className="btn btn-secondary mt-5"
          onClick={() => reviews.refetch()}
          disabled={reviews.isFetching}
        >
          {reviews.isFetching ? "Retrying…" : "Try again"}
        </button>
      </div>
    );
  } else if (reviews.data.length === 0) {
    body = (
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center shadow-sm">
        <ChatIcon className="mx-auto size-8 text-slate-500" />
        <h3 className="mt-3 text-lg font-semibold text-navy">No reviews yet</h3>
        <p className="mt-2 text-slate-600">
          Ordered from us? Your review will help other workshops choose. Add one from your dashboard.
        </p>
      </div>
    );
  } else {
    body = (
      <ul aria-label="Reviews" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {reviews.data.map((review) => (
          <li key={review._id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="reviews-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <p className="eyebrow">What workshops say</p>
        <h2 id="reviews-heading" className="section-title">
          Reviews
        </h2>
        <p className="section-lead">The newest reviews from the workshops we supply.</p>
        <div className="mt-10">{body}</div>
      </div>
    </section>
  );
}
