import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { AuthOptions } from "../../../../../contract/accounts";
import { apiJson } from "../../../lib/api";

const authOptionsSchema = z.object({ google: z.boolean() }) satisfies z.ZodType<AuthOptions>;

/** Which sign-in methods this shop offers besides email and password (GET /api/auth-options). */
export function useAuthOptions() {
  return useQuery({
    queryKey: ["auth", "options"],
    queryFn: ({ signal }) => apiJson("/api/auth-options", authOptionsSchema, { signal }),
    // The server's configuration does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
