import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type OrderBody, orderSchema } from "#contract/orders";
import { apiJsonIdempotent } from "#web/lib/api";
import { ordersQueryKey } from "#web/lib/orders/query-keys";
import { useSubmissionKey } from "#web/lib/orders/submission-key";

const placedSchema = z.object({ insertedId: z.string(), order: orderSchema });

/**
 * POST /api/order: reserves the lot's stock and answers {insertedId, order}. The server takes the
 * name and email from the session and the product and price from the tool. Sent again with the
 * same key when unanswered: the shop places it once.
 */
export function placeOrder(body: OrderBody, idempotencyKey: string) {
  return apiJsonIdempotent("/api/order", placedSchema, idempotencyKey, { method: "POST", json: body });
}

/** Places the order; the tool's stock and the order lists are read again afterwards. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (body: OrderBody) => placeOrder(body, submission.keyFor(body)),
    onSettled: (_placed, error) => {
      submission.settled(error);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["tools"] }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      ]);
    },
  });
}
