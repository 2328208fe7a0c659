import type { FastifyError, FastifyInstance } from "fastify";
import type { z } from "zod";
import { errorAnswer } from "../../contract/answers";
import { isDatabaseUnavailable } from "../db/errors";

/** An error a client caused or may see; the message is shown to people, so keep it readable. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Please sign in first") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do that") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * A route's documented `{ error }` answer of a status the OpenAPI document does not add by itself
 * (server/openapi/document.ts adds 400, 401, 403, 404 and 429): `response: { 409: errorResponse("…") }`.
 */
export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorAnswer } },
});

/** Parses input with a shared contract schema; bad input becomes a 400 naming the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw badRequest(describeZodError(result.error));
}

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? describeZodIssue(issue) : "Invalid input";
}

/** One problem of an input as a person reads it. */
export function describeZodIssue(issue: z.ZodError["issues"][number]): string {
  const field = issue.path.join(".");
  // Messages written for people ("Order at least 500 pieces") stand alone; zod's defaults get the field name.
  return field && /^(Invalid|Too|Expected)/.test(issue.message)
    ? `${field}: ${issue.message}`
    : issue.message;
}

/** A restart or failover of the database takes seconds: the same request then succeeds. */
const databaseRetryAfterSeconds = "1";
const databaseUnavailableMessage =
  "The shop cannot reach its database for a moment. Please try again in a few seconds.";

/**
 * Every error leaves as JSON `{error}` with its status; only a bug in our code is a 500. A database
 * that cannot be reached (restarting, failing over) is a 503 with Retry-After.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500 && isDatabaseUnavailable(err)) {
      request.log.warn(
        { url: request.url, method: request.method, err: String(err) },
        "database unavailable",
      );
      return reply
        .status(503)
        .header("retry-after", databaseRetryAfterSeconds)
        .send({ error: databaseUnavailableMessage });
    }
    if (status >= 500) {
      // The route's pattern, not the URL: its query or path may hold a token or an email.
      const route = request.routeOptions.url ?? "unmatched";
      request.log.error({ err, reqId: request.id, method: request.method, route }, "request failed");
      return reply.status(500).send({ error: "Something went wrong on our side. Please try again." });
    }
    if (status === 429) reply.header("retry-after", reply.getHeader("retry-after") ?? "60");
    return reply.status(status).send({ error: clientMessage(err, status) });
  });
}

function clientMessage(err: FastifyError | HttpError, status: number): string {
  if (err instanceof HttpError) return err.message;
  switch (err.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type; send JSON";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty; send JSON";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON";
    default:
      return status === 404 ? "Not found" : err.message || "Bad request";
  }
}
