import { AsyncLocalStorage } from "node:async_hooks";
import { isDatabaseUnavailable } from "../db/errors";

/**
 * The error behind a 500 of Better Auth's router, for the request it failed. The router answers a
 * bare 500 and keeps the error to itself (its `onAPIError.onError` sees it, outside the request);
 * each call of `auth.handler` runs inside `authFailures.run`, so the hook can leave the error where
 * the route finds it: a database that is away then answers 503 like every other route.
 */
export const authFailures = new AsyncLocalStorage<{ error?: unknown }>();

/** Better Auth's `onAPIError.onError` (errors its endpoints did not answer): keeps it for the request under way. */
export function keepAuthFailure(error: unknown): void {
  const failure = authFailures.getStore();
  if (failure) failure.error = error;
}

type LogLevel = "debug" | "info" | "warn" | "error";
const print = { debug: console.log, info: console.log, warn: console.warn, error: console.error };

/**
 * Better Auth's logger (`logger.log`). An error it logs on its way to a 500 (as `getSession` does
 * before wrapping the database's error in its own) is kept for the request under way; the lines are
 * printed as Better Auth prints them, but for a database that is away (the route logs that once).
 */
export function logAuthMessage(level: LogLevel, message: string, ...args: unknown[]): void {
  const error = level === "error" ? args.find((a) => a instanceof Error) : undefined;
  if (error !== undefined) keepAuthFailure(error);
  if (error !== undefined && isDatabaseUnavailable(error)) return;
  print[level](`[Better Auth] ${message}`, ...args);
}
