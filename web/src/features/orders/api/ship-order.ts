import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiJson, errorMessage } from "#web/lib/api";
import { ordersQueryKey } from "#web/lib/orders/query-keys";
import { toast } from "#web/lib/toast";
import { settleListedOrder } from "./get-all-orders";

const shippedSchema = z.object({ acknowledged: z.boolean() });

/** PUT /api/allOrder/{id} (admins): marks a paid order Shipped. */
export function shipOrder(id: string) {
  return apiJson(`/api/allOrder/${encodeURIComponent(id)}`, shippedSchema, { method: "PUT", json: {} });
}

/** ADD: ships the order with the spec's alert (§8); it shows Shipped where it is listed. */
export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (_result, id) => {
      toast.success("Update Order Successfully");
      return settleListedOrder(queryClient, id, { status: "shipped", expiresAt: null });
    },
    onError: (error) => {
      toast.error("The order could not be marked shipped", { description: errorMessage(error) });
      return queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}
