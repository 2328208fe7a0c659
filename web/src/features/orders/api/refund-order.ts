import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RefundBody } from "#contract/invoices";
import { orderSchema } from "#contract/orders";
import { apiJson } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { settleListedOrder } from "./get-all-orders";

/** `POST /api/allOrder/{id}/refund` (shop admins): cancels a paid or invoiced order, with why; answers the order. */
export function refundOrder(id: string, body: RefundBody) {
  return apiJson(`/api/allOrder/${encodeURIComponent(id)}/refund`, orderSchema, {
    method: "POST",
    json: body,
  });
}

/** Refund, with its toast; the order shows its new status and credit note where it is listed. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => refundOrder(id, { reason }),
    onSuccess: (order) => {
      toast.success("Order refunded", {
        description: order.creditNoteNumber
          ? `Credit note ${order.creditNoteNumber} corrects the invoice of ${order.orderNumber}.`
          : `${order.orderNumber} is cancelled.`,
      });
      return settleListedOrder(queryClient, order._id, { status: order.status, expiresAt: order.expiresAt });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}
