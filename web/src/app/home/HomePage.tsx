import { lazy, Suspense, useRef } from "react";
import { maxPageSize } from "#contract/paging";
import { Spinner } from "#web/components/Spinner";
import { DeliveryDateSection } from "#web/features/delivery/components/DeliveryDateSection";
import { useDeliveryDate } from "#web/features/delivery/use-delivery-date";
import { useTools } from "#web/lib/catalog/get-tools";
import { canDeliverBy, earliestDeliveryDate, todayIso } from "#web/lib/delivery/delivery-date";
import { useNearViewport } from "#web/lib/use-near-viewport";
import { usePageMeta } from "#web/lib/use-page-meta";
import { HeroCarousel } from "./HeroCarousel";
import type { ToolsPreviewProps } from "./ToolsPreview";

const MoreSections = lazy(async () => ({
  default: (await import("./MoreSections")).MoreSections,
}));

/** Holds the place of the sections below the tools while their code loads. */
function MorePlaceholder() {
  return (
    <div className="flex min-h-[120rem] items-start justify-center pt-24">
      <Spinner label="Loading more of the page…" variant="inline" />
    </div>
  );
}

/**
 * The tools preview, Business Summary, benefits, reviews, info cards and the contact form: most of
 * the page, but none of it on the first screen. Their code loads when the visitor scrolls within
 * half a screen of them, so the first screen needs only this chunk.
 */
function Deferred({ preview }: { preview: ToolsPreviewProps }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, "50% 0px");
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={<MorePlaceholder />}>
          <MoreSections preview={preview} />
        </Suspense>
      ) : (
        <MorePlaceholder />
      )}
    </div>
  );
}

/** Tool cards on the home page: two rows of three on a wide screen. */
const previewCount = 6;

/** The home page (/ and /home), its sections in the spec's order. */
export function HomePage() {
  usePageMeta({
    title: "Car tools and parts for workshops",
    description:
      "Car Mechanic supplies workshops with genuine car tools and parts in minimum-quantity lots: upfront pricing with 6 month free instalments, free doorstep pick-up and drop, and warranty on every part.",
    canonicalPath: "/",
  });

  // One request serves both the preview and the earliest delivery date (the shortest lead time of
  // all tools: the catalog fits in one page of the API).
  const tools = useTools(1, maxPageSize);
  const [stored, setStored] = useDeliveryDate();
  const today = todayIso();

  const all = tools.data?.tools ?? [];
  const leadTimes = all.map((tool) => tool.leadTimeDays);
  const earliest = earliestDeliveryDate(leadTimes, today);
  const chosen = stored && earliest && stored >= earliest ? stored : undefined;
  const preview = all.slice(0, previewCount);

  return (
    <>
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
      <Deferred
        preview={{
          status: tools.status,
          error: tools.error,
          onRetry: () => tools.refetch(),
          tools: preview,
          chosen,
          today,
        }}
      />
    </>
  );
}
