import { Link } from "#web/components/Link";
import { PageHeader } from "#web/components/PageHeader";
import { PageMeta } from "#web/components/PageMeta";
import { BenefitCards } from "../components/BenefitCards";

const details: Record<string, string[]> = {
  "Free doorstep pick-up and drop": [
    "Your order comes to your workshop door in our own vans on the date you chose, with no delivery charge whatever the size of the lot.",
    "Need to send something back? Book a pick-up by phone or through the contact form and our driver collects it from your workshop at no cost.",
    "Parts going in for a warranty check travel the same way: picked up and dropped back free.",
  ],
  "Upfront and competitive pricing": [
    "The price per piece and the minimum lot are on every tool card, so you know the total before you order: price times quantity, with nothing added at checkout.",
    "We buy straight from the makers and pass the saving on, so our lots are priced to compete with any wholesaler.",
    "Spread the cost of an order over 6 months with our free instalment facilities: no interest and no fees.",
  ],
  "100% genuine spare parts": [
    "Every part comes from the original maker or its licensed factory, never a copy, and arrives with its papers.",
    "Each part carries its warranty, and we handle the claim for you: we pick the part up and drop the replacement.",
    "As the first importer of these parts in the country, we bring them in directly, without middlemen, so they are genuine and in stock.",
  ],
};

export function CarBenefitsPage() {
  return (
    <>
      <PageMeta
        title="Car Tools Benefits"
        description="Why workshops buy from Car Mechanic: free doorstep pick-up and drop, upfront and competitive pricing with 6 month free instalment facilities, and 100% genuine spare parts with warranty."
      />
      <PageHeader eyebrow="Why Car Mechanic" title="Car Tools Benefits">
        <p>
          Three promises come with every lot you order from us, whatever its size. Here is what each one means
          for your workshop.
        </p>
      </PageHeader>
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <BenefitCards details={details} headingLevel={2} />
        <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-navy p-8 text-slate-200 sm:flex-row sm:items-center sm:justify-between on-dark">
          <div>
            <p className="text-xl font-semibold text-white">Ready to stock your workshop?</p>
            <p className="mt-1">Every tool shows its price per piece and the smallest lot you can order.</p>
          </div>
          <Link to="/tools" className="btn btn-primary shrink-0">
            Browse all tools
          </Link>
        </div>
      </div>
    </>
  );
}
