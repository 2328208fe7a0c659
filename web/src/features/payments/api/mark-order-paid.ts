import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paidOrderSchema } from "#contract/payments";
import { apiJson } from "#web/lib/api";

/**
 * PATCH /api/order/{id} {transactionId}: the order becomes paid once the server has checked with the
 * gateway that this payment went through for this order and amount. Answers it with its receipt.
 */
export function markOrderPaid({ orderId, transactionId }: { orderId: string; transactionId: string }) {
  return apiJson(`/api/order/${encodeURIComponent(orderId)}`, paidOrderSchema, {
    method: "PATCH",
    json: { orderId, transactionId },
  });
}

/** Marks the order paid; the orders (this one and the lists) are read again afterwards. */
export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["orders"] }),
  });
}
