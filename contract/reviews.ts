import { z } from "zod";
import { emailField, nameField } from "./accounts";
import { formNumber, numberError, requiredText } from "./fields";

export const reviewLimits = { name: 120, email: 150, description: 2000 } as const;

/** The Add Review form and `POST /api/review`. The stored email is always the session's. */
export const reviewSchema = z.object({
  name: nameField,
  email: emailField,
  description: requiredText("Description is Required", reviewLimits.description),
  rating: formNumber(
    z
      .number(numberError("Rating is Required", "Rating must be a number"))
      .int("Rating must be a whole number")
      .min(1, "Rating must be between 1 and 5")
      .max(5, "Rating must be between 1 and 5"),
  ),
});
export type ReviewInput = z.input<typeof reviewSchema>;

// A review as everyone sees it (the API's answer, answers.ts).
export type { Review } from "./answers";
