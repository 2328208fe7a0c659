import { PanelHeading } from "#web/components/PanelHeading";
import { Spinner } from "#web/components/Spinner";
import { useSession } from "#web/lib/session/get-session";
import { ReviewForm } from "../components/ReviewForm";

/** /dashboard/myReview: a review for the home page's Reviews. */
export function AddReviewPage() {
  const user = useSession().data;
  return (
    <section aria-labelledby="add-review-heading" className="max-w-3xl">
      <title>Add Review · Car Mechanic</title>
      <PanelHeading id="add-review-heading" title="Add Review">
        Tell other workshops how we did. Your name, rating and review appear on the home page.
      </PanelHeading>
      {user ? <ReviewForm user={user} /> : <Spinner label="Loading…" />}
    </section>
  );
}
