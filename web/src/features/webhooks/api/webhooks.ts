import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createdWebhookEndpointAnswer,
  type WebhookDeliveryAnswer,
  type WebhookEndpointBody,
  type WebhookEvent,
  webhookDeliveryListAnswer,
  webhookEndpointAnswer,
  webhookEndpointListAnswer,
} from "#contract/webhooks";
import { apiFetch, apiJson, readListPage } from "#web/lib/api";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";

/** Deliveries per page of an endpoint's list. */
export const deliveriesPageSize = 20;

const endpointsKey = ["webhooks", "endpoints"] as const;
const deliveriesKey = ["webhooks", "deliveries"] as const;

const endpointPath = (id: string) => `/api/webhooks/endpoints/${encodeURIComponent(id)}`;

/** GET /api/webhooks/endpoints (admins). */
export function useEndpoints() {
  return useQuery({
    queryKey: endpointsKey,
    queryFn: ({ signal }) => apiJson("/api/webhooks/endpoints", webhookEndpointListAnswer, { signal }),
    // An endpoint starts failing, or is switched off, while the page is open.
    refetchInterval: 30_000,
  });
}

/** POST /api/webhooks/endpoints: the answer carries the signing secret this once. */
export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointBody) =>
      apiJson("/api/webhooks/endpoints", createdWebhookEndpointAnswer, { method: "POST", json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** PATCH /api/webhooks/endpoints/:id: on or off (on again after it was switched off), or its events. */
export function useUpdateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; enabled?: boolean; events?: WebhookEvent[] }) =>
      apiJson(endpointPath(id), webhookEndpointAnswer, { method: "PATCH", json: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** DELETE /api/webhooks/endpoints/:id, with its deliveries. */
export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiFetch(endpointPath(id), { method: "DELETE" });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export type DeliveriesPage = {
  deliveries: WebhookDeliveryAnswer[];
  total: number;
  next?: string;
  prev?: string;
};

/** GET /api/webhooks/endpoints/:id/deliveries?cursor=|page=&limit=: newest first. */
export async function getDeliveries(
  endpointId: string,
  position: ListPosition,
  signal?: AbortSignal,
): Promise<DeliveriesPage> {
  const response = await apiFetch(
    `${endpointPath(endpointId)}/deliveries?${listParams(position, deliveriesPageSize)}`,
    { signal },
  );
  const { items: deliveries, ...page } = await readListPage(response, webhookDeliveryListAnswer, {
    page: position.page,
    limit: deliveriesPageSize,
  });
  return { deliveries, ...page };
}

export function useDeliveries(endpointId: string, position: ListPosition) {
  return useQuery({
    queryKey: [...deliveriesKey, endpointId, position],
    queryFn: ({ signal }) => getDeliveries(endpointId, position, signal),
    placeholderData: keepPreviousData,
    // Pending deliveries are tried again within seconds.
    refetchInterval: 10_000,
  });
}

/** POST …/deliveries/:deliveryId/retry: queued again at once (its answer is not needed: the list is read again). */
export function useSendAgain(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) => {
      await apiFetch(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`, {
        method: "POST",
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...deliveriesKey, endpointId] }),
  });
}
