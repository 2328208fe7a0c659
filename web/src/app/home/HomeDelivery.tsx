import { DeliveryDateSection } from "#web/features/delivery/components/DeliveryDateSection";
import { canDeliverBy } from "#web/lib/delivery/delivery-date";
import { useHomeCatalog } from "./use-home-catalog";

/** "Available Delivery Date" on the home page, from the catalog's lead times (HomePage.tsx loads it). */
export function HomeDelivery() {
  const { tools, leadTimes, earliest, stored, setStored, chosen, today, preview } = useHomeCatalog();
  return (
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
  );
}
