import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiJson, errorMessage } from "#web/lib/api";
import { ordersQueryKey } from "#web/lib/orders/query-keys";
import { toast } from "#web/lib/toast";
import { settleListedOrder } from "./get-all-orders";

const cancelledSchema = z.object({ deletedCount: z.number() });

/**
 * DELETE /api/allOrder/{id} (admins): removes an unpaid order. The server keeps it as cancelled and
 * puts its stock back on sale.
 */
export function cancelOrder(id: string) {
  return apiJson(`/api/allOrder/${encodeURIComponent(id)}`, cancelledSchema, { method: "DELETE" });
}

/**
 * Remove Order, with the spec's toast (§8); the order shows Cancelled where it is listed, and the
 * tools' stock refreshes.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (_result, id) => {
      toast.success("Cancel the order successfully");
      return settleListedOrder(queryClient, id, { status: "cancelled", expiresAt: null });
    },
    onError: (error) => {
      toast.error("The order could not be removed", { description: errorMessage(error) });
      return queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}
