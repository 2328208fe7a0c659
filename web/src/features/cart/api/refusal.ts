import { type LotRefusal, lotRefusal } from "#contract/cart";
import { ApiError } from "#web/lib/api";

/** A quantity the server refused for a tool's lot rules, with the nearest one they allow. */
export function refusalOf(error: unknown): LotRefusal | undefined {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return undefined;
  const parsed = lotRefusal.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}
