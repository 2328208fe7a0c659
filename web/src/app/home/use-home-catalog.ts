import { maxPageSize } from "#contract/paging";
import { useDeliveryDate } from "#web/features/delivery/use-delivery-date";
import { useTools } from "#web/lib/catalog/get-tools";
import { earliestDeliveryDate } from "#web/lib/delivery/delivery-date";
import { useToday } from "#web/lib/delivery/use-today";

/** Tool cards on the home page: two rows of three on a wide screen. */
const previewCount = 6;

/**
 * What the home page's sections read of the catalog: one request serves both the preview and the
 * earliest delivery date (the shortest lead time of all tools: the catalog fits in one page of the
 * API), and the visitor's delivery date while it can still be met.
 */
export function useHomeCatalog() {
  const tools = useTools(1, maxPageSize);
  const [stored, setStored] = useDeliveryDate();
  const today = useToday();

  const all = tools.data?.tools ?? [];
  const leadTimes = all.map((tool) => tool.leadTimeDays);
  const earliest = earliestDeliveryDate(leadTimes, today);
  const chosen = stored && earliest && stored >= earliest ? stored : undefined;
  return {
    tools,
    leadTimes,
    earliest,
    stored,
    setStored,
    chosen,
    today,
    preview: all.slice(0, previewCount),
  };
}
