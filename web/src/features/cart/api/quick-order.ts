import { useMutation, useQueryClient } from "@tanstack/react-query";
import { quickOrderAnswer } from "#contract/cart";
import { apiJson } from "#web/lib/api";
import { cartQueryKey } from "#web/lib/cart/query-keys";

/** The list as pasted text, or a CSV file (sent as multipart, field `file`). */
export type QuickOrderList = { text: string } | { file: File };

/** POST /api/cart/quick-order: the valid lines go into the cart; the others come back as problems. */
export function sendQuickOrder(list: QuickOrderList) {
  if ("text" in list) {
    return apiJson("/api/cart/quick-order", quickOrderAnswer, { method: "POST", json: { text: list.text } });
  }
  const form = new FormData();
  form.append("file", list.file);
  return apiJson("/api/cart/quick-order", quickOrderAnswer, { method: "POST", form });
}

export function useQuickOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuickOrder,
    onSuccess: (answer) => queryClient.setQueryData(cartQueryKey, answer.cart),
  });
}
