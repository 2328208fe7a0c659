import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { type ReviewInput, reviewLimits, reviewSchema } from "#contract/reviews";
import { controlClass, Field } from "#web/components/FormField";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { errorMessage } from "#web/lib/api";
import type { SessionUser } from "#web/lib/session/get-session";
import { toast } from "#web/lib/toast";
import { type ReviewFields, useAddReview } from "../api/add-review";
import { StarPicker } from "./StarPicker";

/** Add Review: name, email (the account's), description and a rating of 1 to 5, all required. */
export function ReviewForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const addReview = useAddReview();
  const blank: ReviewInput = {
    name: user.name.slice(0, reviewLimits.name),
    email: user.email,
    description: "",
    rating: "",
  };
  const form = useForm<ReviewInput, unknown, ReviewFields>({
    resolver: zodResolver(reviewSchema),
    mode: "onTouched",
    defaultValues: blank,
  });
  const { errors, isSubmitting } = form.formState;
  const rating = Number(useWatch({ control: form.control, name: "rating" })) || 0;
  const description = useWatch({ control: form.control, name: "description" }) ?? "";

  const onSubmit = form.handleSubmit(async (review) => {
    try {
      await addReview.mutateAsync(review);
    } catch (error) {
      toast.error("Failed", { description: errorMessage(error) });
      return;
    }
    toast.success("We find your feedback successfully", {
      description: "Thank you! Your review is on the home page.",
      action: { label: "See it", onClick: () => void navigate("/") },
    });
    form.reset(blank);
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a review"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="name"
              maxLength={reviewLimits.name}
              className={controlClass}
              {...form.register("name")}
            />
          )}
        </Field>
        <Field label="Email" error={errors.email?.message} hint="From your account; it is never shown.">
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              readOnly
              maxLength={reviewLimits.email}
              className={controlClass}
              {...form.register("email")}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <StarPicker registration={form.register("rating")} value={rating} error={errors.rating?.message} />
        </div>
        <Field
          label="Description"
          error={errors.description?.message}
          hint={`What went well, what could be better. ${description.length.toLocaleString("en-US")} / ${reviewLimits.description.toLocaleString("en-US")} characters.`}
          className="sm:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              rows={5}
              maxLength={reviewLimits.description}
              className={`${controlClass} resize-y`}
              {...form.register("description")}
            />
          )}
        </Field>
      </div>

      {addReview.isError && <FailedAlert error={addReview.error} className="mt-6" />}

      <div className="mt-6 flex justify-end border-slate-100 border-t pt-6">
        <button
          type="submit"
          className="btn btn-primary w-full sm:w-auto sm:min-w-40"
          disabled={isSubmitting}
        >
          {isSubmitting ? "Sending…" : "Add Review"}
        </button>
      </div>
    </form>
  );
}
