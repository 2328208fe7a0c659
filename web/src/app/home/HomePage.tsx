import { memo, Suspense } from "react";
import { PageMeta } from "#web/components/PageMeta";
import { Spinner } from "#web/components/Spinner";
import { DeliveryDateSection } from "#web/features/delivery/components/DeliveryDateSection";
import { canDeliverBy } from "#web/lib/delivery/delivery-date";
import { lazyNearViewport } from "#web/lib/lazy-near-viewport";
import { HeroCarousel } from "./HeroCarousel";
import { useHomeCatalog } from "./use-home-catalog";

const moreSectionsId = "more-sections";

/**
 * The tools preview, Business Summary, benefits, reviews, info cards and the contact form: most of
 * the page, but none of it on the first screen. Their code loads when the visitor scrolls within
 * half a screen of them, so the first screen needs only this chunk; the server's HTML of them is
 * there from the start (and hydrates then).
 */
const MoreSections = lazyNearViewport(
  moreSectionsId,
  async () => (await import("./MoreSections")).MoreSections,
  "50% 0px",
);

/** Holds the place of the sections below the tools while their code loads. */
function MorePlaceholder() {
  return (
    <div className="flex min-h-[120rem] items-start justify-center pt-24">
      <Spinner label="Loading more of the page…" variant="inline" />
    </div>
  );
}

/**
 * Without props, so nothing the page above does reaches it while its server HTML waits to hydrate
 * (an update to a boundary still waiting would replace that HTML with the placeholder).
 */
const Deferred = memo(function Deferred() {
  return (
    <div id={moreSectionsId}>
      <Suspense fallback={<MorePlaceholder />}>
        <MoreSections />
      </Suspense>
    </div>
  );
});

/** The home page (/ and /home), its sections in the spec's order. */
export function HomePage() {
  const { tools, leadTimes, earliest, stored, setStored, chosen, today, preview } = useHomeCatalog();

  return (
    <>
      <PageMeta
        title="Car tools and parts for workshops"
        description="Car Mechanic supplies workshops with genuine car tools and parts in minimum-quantity lots: upfront pricing with 6 month free instalments, free doorstep pick-up and drop, and warranty on every part."
        canonicalPath="/"
      />
      <h1 className="sr-only">Car tools and parts for workshops</h1>
      <HeroCarousel />
      <DeliveryDateSection
        status={tools.status}
        onRetry={() => tools.refetch()}
        earliest={earliest}
        shortestLeadTime={leadTimes.length > 0 ? Math.min(...leadTimes) : undefined}
        chosen={chosen}
        tooEarly={stored && !chosen && earliest ? stored : undefined}
        onChoose={setStored}
        arriving={
          chosen && preview.length > 0
            ? {
                count: preview.filter((tool) => canDeliverBy(tool.leadTimeDays, chosen, today)).length,
                of: preview.length,
              }
            : undefined
        }
      />
      <Deferred />
    </>
  );
}
