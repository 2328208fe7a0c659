import { type ComponentType, memo, type ReactNode, Suspense } from "react";
import { lazyPage } from "#web/app/lazy-page";
import { PageMeta } from "#web/components/PageMeta";
import { Spinner } from "#web/components/Spinner";
import { lazyNearViewport } from "#web/lib/lazy-near-viewport";
import { HeroCarousel } from "./HeroCarousel";

/**
 * The delivery date's section, below the banners, with the tool list's call and the delivery dates:
 * a chunk of its own, fetched as soon as this one runs. A server-rendered home page does not wait for
 * it: the banners hydrate at once and this section's HTML once its code is in (a first visit's code
 * is what its first render needs, decision 008). A home page drawn in the browser has it before it
 * draws (router.tsx), so nothing stands in its place meanwhile.
 */
export const DeliverySection = lazyPage(async () => (await import("./HomeDelivery")).HomeDelivery);
if (typeof document !== "undefined") DeliverySection.preload().catch(() => {});

const moreSectionsId = "more-sections";

/**
 * The tools preview, Business Summary, benefits, reviews, info cards and the contact form: most of
 * the page, but none of it on the first screen. Their code loads when the visitor scrolls within
 * half a screen of them; the server's HTML of them is there from the start (and hydrates then).
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
 * A part of the page whose code comes after the page's, without props, so nothing the page above
 * does reaches it while its server HTML waits to hydrate (an update to a boundary still waiting
 * would replace that HTML with the placeholder).
 */
function deferred(Part: ComponentType, placeholder: ReactNode) {
  return memo(function Deferred() {
    return <Suspense fallback={placeholder}>{<Part />}</Suspense>;
  });
}

const DeferredDelivery = deferred(DeliverySection, null);
const DeferredMore = deferred(MoreSections, <MorePlaceholder />);

/** The home page (/ and /home), its sections in the spec's order. */
export function HomePage() {
  return (
    <>
      <PageMeta
        title="Car tools and parts for workshops"
        description="Car Mechanic supplies workshops with genuine car tools and parts in minimum-quantity lots: upfront pricing with 6 month free instalments, free doorstep pick-up and drop, and warranty on every part."
        canonicalPath="/"
      />
      <h1 className="sr-only">Car tools and parts for workshops</h1>
      <HeroCarousel />
      <DeferredDelivery />
      <div id={moreSectionsId}>
        <DeferredMore />
      </div>
    </>
  );
}
