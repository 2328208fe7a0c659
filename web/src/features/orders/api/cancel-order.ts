import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiJson, errorMessage } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { ordersQueryKey } from "./query-keys";

const cancelledSchema = z.object({ deletedCount: z.number() });

/**
 * DELETE /api/allOrder/{id} (admins): removes an unpaid order. The server keeps it as cancelled and
 * puts its stock back on sale.
 */
export function cancelOrder(id: string) {
  return apiJson(`/api/allOrder/${encodeURIComponent(id)}`, cancelledSchema, { method: "DELETE" });
}

/** Remove Order, with the spec's toast (§8); the order lists and the tools' stock refresh. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => {
      toast.success("Cancel the order successfully");
    },
    onError: (error) => {
      toast.error("The order could not be removed", { description: errorMessage(error) });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ["tools"] }),
      ]),
  });
}
