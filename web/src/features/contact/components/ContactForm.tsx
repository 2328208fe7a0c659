import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { type FieldError, useForm } from "react-hook-form";
import type { z } from "zod";
import { contactLimits, contactSchema } from "#contract/contact";
import { Email } from "#web/components/Email";
import { AlertIcon } from "#web/components/icons";
import { CheckCircleIcon } from "#web/components/shop-icons";
import { errorMessage } from "#web/lib/api";
import { useSendMessage } from "../api/send-message";

type FormValues = z.input<typeof contactSchema>;
type Sent = z.output<typeof contactSchema>;

const inputClass =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-navy shadow-sm placeholder:text-slate-500 focus:border-accent-dark aria-[invalid=true]:border-red-600";

function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-center gap-1.5 text-sm font-medium text-red-700">
      <AlertIcon className="size-4 shrink-0" />
      {error.message}
    </p>
  );
}

/**
 * The "For Any Query" form: email, subject and message, checked in the browser with the schema the
 * server uses (contract/contact.ts), sent to POST /api/contact. Loaded on demand: react-hook-form
 * and zod are not part of a first visit.
 */
export function ContactForm() {
  const id = useId();
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, Sent>({
    resolver: zodResolver(contactSchema),
    defaultValues: { email: "", subject: "", message: "" },
  });

  const onSubmit = handleSubmit((message) =>
    send.mutate(message, {
      onSuccess: () => reset(),
    }),
  );

  const fieldIds = {
    email: `${id}-email`,
    subject: `${id}-subject`,
    message: `${id}-message`,
  };
  const errorId = (field: keyof typeof fieldIds) => `${fieldIds[field]}-error`;
  const described = (field: keyof typeof fieldIds) => (errors[field] ? errorId(field) : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div>
        <label htmlFor={fieldIds.email} className="text-sm font-semibold text-navy">
          Email
        </label>
        <input
          id={fieldIds.email}
          type="email"
          autoComplete="email"
          required
          maxLength={contactLimits.email}
          placeholder="you@workshop.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={described("email")}
          className={inputClass}
          {...register("email")}
        />
        <FieldMessage id={errorId("email")} error={errors.email} />
      </div>
      <div>
        <label htmlFor={fieldIds.subject} className="text-sm font-semibold text-navy">
          Subject
        </label>
        <input
          id={fieldIds.subject}
          type="text"
          required
          maxLength={contactLimits.subject}
          placeholder="What is it about?"
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={described("subject")}
          className={inputClass}
          {...register("subject")}
        />
        <FieldMessage id={errorId("subject")} error={errors.subject} />
      </div>
      <div>
        <label htmlFor={fieldIds.message} className="text-sm font-semibold text-navy">
          Message
        </label>
        <textarea
          id={fieldIds.message}
          rows={5}
          required
          maxLength={contactLimits.message}
          placeholder="Tell us what you need"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={described("message")}
          className={`${inputClass} resize-y`}
          {...register("message")}
        />
        <FieldMessage id={errorId("message")} error={errors.message} />
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <button type="submit" className="btn btn-primary sm:w-auto" disabled={send.isPending}>
          {send.isPending ? "Sending…" : "Send message"}
        </button>
        <p className="text-sm text-slate-600">We answer within one working day.</p>
      </div>

      <div role="status">
        {send.isSuccess && (
          <p className="flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900 ring-1 ring-emerald-200">
            <CheckCircleIcon className="mt-0.5 size-5 shrink-0" />
            <span className="min-w-0">
              Thank you for your message! We have received it and will reply to{" "}
              <Email email={send.variables.email} /> within one working day.
            </span>
          </p>
        )}
      </div>
      {send.isError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg bg-red-50 px-4 py-3 text-red-800 ring-1 ring-red-200"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          <span>{errorMessage(send.error)}</span>
        </p>
      )}
    </form>
  );
}
