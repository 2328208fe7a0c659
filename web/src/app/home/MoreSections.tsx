import { Link } from "#web/components/Link";
import { ArrowRightIcon } from "#web/components/shop-icons";
import { ContactSection } from "#web/features/contact/components/ContactSection";
import { InfoCards } from "#web/features/contact/components/InfoCards";
import { BenefitCards } from "#web/features/content/components/BenefitCards";
import { ReviewsSection } from "#web/features/reviews/components/ReviewsSection";
import { BusinessSummary } from "./BusinessSummary";
import { ToolsPreview } from "./ToolsPreview";
import { useHomeCatalog } from "./use-home-catalog";

/**
 * The home page below the delivery date: the tools preview, Business Summary, Car Tools Benefits,
 * Reviews, the info cards and the contact form. Its own chunk, loaded as the visitor scrolls
 * towards it (see HomePage).
 */
export function MoreSections() {
  const { tools, preview, chosen, today } = useHomeCatalog();
  return (
    <>
      <ToolsPreview
        status={tools.status}
        error={tools.error}
        onRetry={() => tools.refetch()}
        tools={preview}
        chosen={chosen}
        today={today}
      />
      <BusinessSummary />

      <section aria-labelledby="benefits-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="eyebrow">Why Car Mechanic</p>
          <h2 id="benefits-heading" className="section-title">
            Car Tools Benefits
          </h2>
          <p className="section-lead">Three promises that come with every lot you order.</p>
          <div className="mt-10">
            <BenefitCards />
          </div>
          <Link
            to="/carBenifits"
            className="mt-8 inline-flex items-center gap-2 font-semibold text-accent-dark underline-offset-4 hover:underline"
          >
            Read every benefit in full
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
      </section>

      <ReviewsSection />

      <div className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl space-y-12 px-4 sm:px-6 lg:px-8">
          <InfoCards />
          <ContactSection />
        </div>
      </div>
    </>
  );
}
