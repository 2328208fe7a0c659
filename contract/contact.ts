import { z } from "zod";
import { requiredText, uuidParams } from "./fields";

export const contactLimits = { email: 254, subject: 200, message: 5000 } as const;

/** The "For Any Query" form and `POST /api/contact`. */
export const contactSchema = z.object({
  email: z
    .string({ error: "Email is Required" })
    .trim()
    .min(1, "Email is Required")
    .max(contactLimits.email, "Provide a valid Email")
    .pipe(z.email("Provide a valid Email")),
  subject: requiredText("Subject is Required", contactLimits.subject),
  message: requiredText("Message is Required", contactLimits.message),
});
export type ContactInput = z.input<typeof contactSchema>;

// A message in the admins' inbox (the API's answer, answers.ts).
export type { ContactMessage } from "./answers";

export const contactIdParams = uuidParams("That is not a valid message id");

/** `PATCH /api/contact/{id}`. */
export const markReadSchema = z.object({ read: z.boolean({ error: "read must be true or false" }) });
