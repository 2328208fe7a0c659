import { cursorOf, pageLinks, totalCountHeader } from "#contract/paging";

/** A failed API call. `status` is the HTTP status, or 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The error answer's JSON body, for calls whose refusals carry more than `error`. */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

const unreachable = "We could not reach the shop. Check your connection and try again.";
const unexpected = "The shop sent an answer we could not read. Please try again.";

function fallbackMessage(status: number): string {
  if (status === 401) return "Please sign in first.";
  if (status === 403) return "You are not allowed to do that.";
  if (status === 404) return "We could not find what you asked for.";
  if (status === 429) return "Too many requests. Please wait a moment and try again.";
  if (status >= 500) return "Something went wrong on our side. Please try again.";
  return `The request failed (${status}).`;
}

/** Reads the server's `{ error }` body (see decisions.md) into an ApiError. */
async function toApiError(response: Response): Promise<ApiError> {
  let message = fallbackMessage(response.status);
  let body: unknown;
  try {
    body = await response.json();
    if (body && typeof body === "object" && "error" in body && typeof body.error === "string" && body.error) {
      message = body.error;
    }
  } catch {
    // Not JSON (a proxy's error page, say): keep the fallback.
  }
  return new ApiError(response.status, message, body);
}

export type ApiRequest = Omit<RequestInit, "body"> & {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser writes its boundary). */
  form?: FormData;
  /** A 401 is this call's answer (a wrong password), not a lost session: it does not sign the user out. */
  expectUnauthorized?: boolean;
};

let unauthorizedHandler: (() => void) | undefined;

/** How calls reach the shop: the browser's fetch, or on the server the app itself (entry-server.tsx). */
let send: typeof fetch = (input, init) => fetch(input, init);

/** For server rendering: answers the page's calls without the network. */
export function sendApiCallsThrough(fetcher: typeof fetch): void {
  send = fetcher;
}

/**
 * Runs `handler` whenever an API call answers 401 (the session ended): the app signs the user out.
 * Returns the function that removes it.
 */
export function onUnauthorized(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = undefined;
  };
}

/**
 * Fetches `path` on our own origin with the session cookie. Resolves with the response when it is
 * 2xx; otherwise throws an ApiError carrying the server's message.
 */
export async function apiFetch(
  path: string,
  { json, form, headers, expectUnauthorized = false, ...init }: ApiRequest = {},
): Promise<Response> {
  const requestHeaders = new Headers(headers);
  requestHeaders.set("accept", "application/json");
  if (json !== undefined) requestHeaders.set("content-type", "application/json");

  let response: Response;
  try {
    response = await send(path, {
      credentials: "same-origin",
      ...init,
      headers: requestHeaders,
      body: json === undefined ? form : JSON.stringify(json),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, unreachable);
  }
  if (response.status === 401 && !expectUnauthorized) unauthorizedHandler?.();
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * What checks a response body's shape: a contract zod schema, or a small hand-written parser on the
 * pages a first visit loads, where zod itself would be most of the page's code.
 */
export type BodySchema<T = unknown> = {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
};
export type Parsed<S> = S extends BodySchema<infer T> ? T : never;

/** Parses a response body with a contract schema; a body of another shape is an ApiError too. */
export async function readJson<S extends BodySchema>(response: Response, schema: S): Promise<Parsed<S>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status, unexpected);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, unexpected);
  return parsed.data as Parsed<S>;
}

/**
 * A page of a list: its items, the size of the whole list, and the cursors of the next and previous
 * pages from the Link header (when the list is read by cursor and there are such pages).
 */
export type ListPage<T> = { items: T[]; total: number; next?: string; prev?: string };

/**
 * Reads a page of a list that can grow: the items, parsed with `schema`, and the whole list's size
 * from X-Total-Count. Without a usable header, the items up to this page are all that is known.
 */
export async function readListPage<T>(
  response: Response,
  schema: BodySchema<T[]>,
  { page, limit }: { page: number; limit: number },
): Promise<ListPage<T>> {
  const items = await readJson(response, schema);
  const header = response.headers.get(totalCountHeader);
  const counted = header === null || header.trim() === "" ? Number.NaN : Number(header);
  const total = Number.isInteger(counted) && counted >= 0 ? counted : (page - 1) * limit + items.length;
  const links = pageLinks(response.headers.get("link"));
  const next = cursorOf(links.next);
  const prev = cursorOf(links.prev);
  return { items, total, ...(next && { next }), ...(prev && { prev }) };
}

/** GET (or any method) returning JSON of a known shape. */
export async function apiJson<S extends BodySchema>(
  path: string,
  schema: S,
  request: ApiRequest = {},
): Promise<Parsed<S>> {
  return readJson(await apiFetch(path, request), schema);
}

/** A readable message for any error a query or mutation may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "Something went wrong. Please try again.";
}

/** The thing asked for does not exist: a 404, or a 400 for an id that is not an id at all. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A new Idempotency-Key: 128 random bits (getRandomValues also works outside secure contexts). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Answers that mean the request may never have reached the shop: nothing at all, or a proxy's. */
const unanswered = new Set([0, 502, 503, 504]);
const retryPausesMs = [500, 1500];

/** An unanswered call (the network, or a proxy that lost the server): safe to send again with its key. */
export function wasUnanswered(error: unknown): boolean {
  return error instanceof ApiError && unanswered.has(error.status);
}

/**
 * A call that changes something, sent with `key` as its Idempotency-Key, and sent again with the
 * same key when it went unanswered, twice, after growing pauses. The shop answers a repeat of a
 * request it already ran with its first answer, so a lost answer never makes an order twice. Any
 * answer of the shop's own (4xx, 500) is final.
 */
export async function apiJsonIdempotent<S extends BodySchema>(
  path: string,
  schema: S,
  key: string,
  request: ApiRequest,
): Promise<Parsed<S>> {
  const headers = new Headers(request.headers);
  headers.set("idempotency-key", key);
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiJson(path, schema, { ...request, headers });
    } catch (error) {
      const pause = retryPausesMs[attempt];
      if (pause === undefined || !wasUnanswered(error) || request.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
