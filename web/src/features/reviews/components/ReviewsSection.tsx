import type { Review } from "#contract/reviews";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { StatusPanel } from "#web/components/StatusPanel";
import { ChatIcon, CheckCircleIcon } from "#web/components/shop-icons";
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

  return (
    <section aria-labelledby="reviews-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <p className="eyebrow">What workshops say</p>
        <h2 id="reviews-heading" className="section-title">
          Reviews
        </h2>
        <p className="section-lead">The newest reviews from the workshops we supply.</p>
        <div className="mt-10">
          <QueryState
            query={reviews}
            pending={<Spinner label="Loading reviews…" />}
            errorTitle="We could not load the reviews"
            errorPanel={{ size: "compact", headingLevel: 3, className: "mx-auto max-w-lg" }}
            empty={(data) =>
              data.length === 0 && (
                <StatusPanel
                  icon={ChatIcon}
                  title="No reviews yet"
                  size="compact"
                  headingLevel={3}
                  className="mx-auto max-w-lg"
                >
                  Ordered from us? Your review will help other workshops choose. Add one from your dashboard.
                </StatusPanel>
              )
            }
          >
            {(data) => (
              <ul aria-label="Reviews" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {data.map((review) => (
                  <li key={review._id}>
                    <ReviewCard review={review} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      </div>
    </section>
  );
}
