import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CreateTokenBody, createdTokenAnswer, tokenListAnswer } from "#contract/api-tokens";
import { apiFetch, apiJson } from "#web/lib/api";

const tokensKey = ["account", "tokens"] as const;

/** GET /api/account/tokens: the caller's tokens with their last use, never the tokens themselves. */
export function useTokens() {
  return useQuery({
    queryKey: tokensKey,
    queryFn: ({ signal }) => apiJson("/api/account/tokens", tokenListAnswer, { signal }),
  });
}

/** POST /api/account/tokens: the answer carries the token this once; the list is read again without it. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenBody) =>
      apiJson("/api/account/tokens", createdTokenAnswer, { method: "POST", json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** DELETE /api/account/tokens/:id: the token stops working at once. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiFetch(`/api/account/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
