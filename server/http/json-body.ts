import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { badRequest } from "./errors";
import { requestIdHeader } from "./request-log";

type JsonParser = (
  request: FastifyRequest,
  body: string,
  done: (err: Error | null, value?: unknown) => void,
) => void;

/** Deeper JSON than any of our bodies needs (theirs are 1 or 2 levels); refused before it is parsed. */
export const maxJsonDepth = 32;

/**
 * C0 control characters except tab, newline and carriage return; DEL; the C1 controls. PostgreSQL
 * refuses NUL in text (a 500 before this check) and none of the others belongs in a shop's text.
 * Fields that must stay on one line refuse newlines in their own schema.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Raw JSON text cannot hold a control character inside a string except as an escape (\u0000…\u001f,
 * \u007f…\u009f) or, for DEL and the C1 range, literally. Bodies without either skip the walk.
 */
const mayHoldControlCharacter = /\\u00(?:[01]|7f|[89])|[\u007f-\u009f]/i;

/** Whether `text` holds a character no text of the shop may hold (see `controlCharacter`). */
export const hasControlCharacter = (text: string): boolean => controlCharacter.test(text);

const codePoint = (text: string) => {
  const found = controlCharacter.exec(text)?.[0] ?? "";
  return `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
};

const nestedTooDeeply = () =>
  badRequest(`The request body is nested too deeply (more than ${maxJsonDepth} levels); send plain JSON`);

/** The message for a control character found in `where` ("orderAddress", "the query parameter page"). */
export function controlCharacterMessage(where: string, text: string): string {
  return `${where} contains a control character (${codePoint(text)}); remove it and try again`;
}

/**
 * Throws when `text`, read as JSON, opens more than `maxJsonDepth` arrays or objects inside each
 * other. One pass over the characters, no recursion: 20,000 brackets cost nothing and cannot
 * overflow the stack of the parser, of JSON.stringify or of a validator further on.
 */
export function assertJsonDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxJsonDepth) throw nestedTooDeeply();
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
}

/** Throws a 400 naming the first key or string under `value` that holds a control character. */
export function assertNoControlCharacters(value: unknown, path: string[] = []): void {
  if (typeof value === "string") {
    if (controlCharacter.test(value)) {
      throw badRequest(controlCharacterMessage(path.length ? path.join(".") : "The request body", value));
    }
  } else if (Array.isArray(value)) {
    // Depth is bounded by assertJsonDepth before this runs, so recursion is safe.
    value.forEach((item, i) => {
      assertNoControlCharacters(item, [...path, String(i)]);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (controlCharacter.test(key)) throw badRequest(controlCharacterMessage("A field name", key));
      assertNoControlCharacters(item, [...path, key]);
    }
  }
}

const poisonedKeys = () =>
  badRequest('Field names "__proto__" and "constructor.prototype" are not allowed in the request body');

/** JSON that plain JSON.parse accepts but secure-json-parse refused: it had a poisoning key. Depth is bounded. */
function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return text.length > 0;
  } catch {
    return false;
  }
}

/** Query values are strings or arrays of strings; route parameters are strings. */
function assertCleanStrings(record: unknown, nameOf: (key: string) => string): void {
  if (record === null || typeof record !== "object") return;
  for (const [key, value] of Object.entries(record)) {
    if (controlCharacter.test(key)) throw badRequest(controlCharacterMessage(nameOf(key), key));
    for (const item of [value].flat()) {
      if (typeof item === "string" && controlCharacter.test(item)) {
        throw badRequest(controlCharacterMessage(nameOf(key), item));
      }
    }
  }
}

/** In a request line: a %-escape, or anything outside printable ASCII. */
const mayHoldEscapedCharacter = /[^\x20-\x7e]|%/;

/**
 * Every body, query string and route parameter passes through here before any route sees it:
 * JSON is refused when nested more than `maxJsonDepth` levels (checked on the raw text), parsed
 * with Fastify's own parser (secure-json-parse: `__proto__` and `constructor.prototype` keys are
 * refused), and any key or string holding a control character is a 400 naming the field.
 * Plain-text bodies, query strings and route parameters get the same control-character check.
 */
export function installInputChecks(app: FastifyInstance): void {
  // Fastify's own parser (secure-json-parse), refusing prototype-poisoning keys.
  const parseJson = app.getDefaultJsonParser("error", "error") as JsonParser;
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    try {
      assertJsonDepth(text);
    } catch (err) {
      done(err as Error, undefined);
      return;
    }
    parseJson(request, text, (err, value) => {
      if (err) return done(isPlainJson(text) ? poisonedKeys() : err, undefined);
      try {
        if (mayHoldControlCharacter.test(text)) assertNoControlCharacters(value);
      } catch (checkError) {
        return done(checkError as Error, undefined);
      }
      done(null, value);
    });
  });

  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    const text = body as string;
    if (controlCharacter.test(text)) {
      done(badRequest(controlCharacterMessage("The request body", text)), undefined);
      return;
    }
    done(null, text);
  });

  // Before the session is looked up or any handler runs; params and query are parsed by now.
  // A request line of printable ASCII without a %-escape cannot hold one: most skip the walk.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!mayHoldEscapedCharacter.test(request.url)) return done();
    try {
      assertCleanStrings(request.params, () => "The address");
      assertCleanStrings(request.query, (key) => `The query parameter "${key}"`);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/**
 * Fastify's option `frameworkErrors`: the router's own refusals (a broken %-escape in the path, a
 * path parameter over its length limit) answered as `{error}` like every other error, not in
 * Fastify's default shape.
 */
export function answerFrameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Refused before routing, so before the onRequest hook that sends the id back.
  reply.header(requestIdHeader, request.id);
  if (error.code === "FST_ERR_BAD_URL") {
    return reply.status(400).send({ error: "The address is not valid: it has a broken %-escape" });
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply.status(414).send({ error: "The address is too long" });
  }
  reply.log.error({ err: error, reqId: request.id }, "request failed");
  return reply.status(500).send({ error: "Something went wrong on our side. Please try again." });
}
