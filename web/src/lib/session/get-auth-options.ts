import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { AuthOptions } from "#contract/accounts";
import { apiJson } from "../api";

const authOptionsSchema = z.object({
  google: z.boolean(),
  pictureSources: z.array(z.string()).catch([]),
}) satisfies z.ZodType<AuthOptions>;

/**
 * Which sign-in methods this shop offers besides email and password, and where the identity
 * provider's pictures come from (GET /api/auth-options). Asked only while `enabled`.
 */
export function useAuthOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["auth", "options"],
    queryFn: ({ signal }) => apiJson("/api/auth-options", authOptionsSchema, { signal }),
    // The server's configuration does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
