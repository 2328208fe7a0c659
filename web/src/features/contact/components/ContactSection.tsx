import { lazy, Suspense, useRef } from "react";
import { Spinner } from "#web/components/Spinner";
import { MailIcon } from "#web/components/shop-icons";
import { useNearViewport } from "#web/lib/use-near-viewport";

const ContactForm = lazy(async () => ({ default: (await import("./ContactForm")).ContactForm }));

/** Holds the form's place (about its height) while its code loads. */
function FormPlaceholder() {
  return (
    <div className="flex min-h-[29rem] items-center justify-center">
      <Spinner label="Loading the contact form…" variant="inline" />
    </div>
  );
}

/**
 * "For Any Query" / "Stay connected with us" and the contact form. The form's code (react-hook-form
 * and zod) loads when the section comes near the screen.
 */
export function ContactSection({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <section
      ref={ref}
      aria-labelledby="contact-heading"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10"
    >
      <div className="lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-12">
        <div>
          <span className="flex size-12 items-center justify-center rounded-xl bg-orange-50 text-accent-dark ring-1 ring-orange-200">
            <MailIcon />
          </span>
          <Heading id="contact-heading" className="mt-5 text-3xl font-bold tracking-tight text-navy">
            For Any Query
          </Heading>
          <p className="mt-2 text-xl font-semibold text-steel">Stay connected with us</p>
          <p className="mt-4 text-slate-600">
            A question about a part, a lot size or a delivery? Write to us and a member of our team will
            answer by email.
          </p>
        </div>
        <div className="mt-8 lg:mt-0">
          {near ? (
            <Suspense fallback={<FormPlaceholder />}>
              <ContactForm />
            </Suspense>
          ) : (
            <FormPlaceholder />
          )}
        </div>
      </div>
    </section>
  );
}
