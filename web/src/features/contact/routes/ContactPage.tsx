import { PageHeader } from "#web/components/PageHeader";
import { PageMeta } from "#web/components/PageMeta";
import { ContactSection } from "../components/ContactSection";
import { InfoCards } from "../components/InfoCards";

export function ContactPage() {
  return (
    <>
      <PageMeta
        title="Contact Us"
        description="Call Car Mechanic from 10:00am to 07:00pm, visit us 9.00am to 5.00pm Monday to Friday, or send us your question with the contact form."
      />
      <PageHeader eyebrow="We are here to help" title="Contact Us">
        <p>Call us, visit our depot or write to us: we answer every message within one working day.</p>
      </PageHeader>
      <div className="mx-auto w-full max-w-7xl space-y-12 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <InfoCards />
        <ContactSection />
      </div>
    </>
  );
}
