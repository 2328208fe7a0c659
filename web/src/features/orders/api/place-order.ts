import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type OrderBody, orderSchema } from "#contract/orders";
import { apiJson } from "#web/lib/api";
import { ordersQueryKey } from "#web/lib/orders/query-keys";

const placedSchema = z.object({ insertedId: z.string(), order: orderSchema });

/**
 * POST /api/order: reserves the lot's stock and answers {insertedId, order}. The server takes the
 * name and email from the session and the product and price from the tool.
 */
export function placeOrder(body: OrderBody) {
  return apiJson("/api/order", placedSchema, { method: "POST", json: body });
}

/** Places the order; the tool's stock and the order lists are read again afterwards. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["tools"] }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      ]),
  });
}
