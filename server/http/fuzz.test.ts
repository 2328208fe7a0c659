import { count, sum } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { nameField, passwordField, signInSchema, signUpSchema } from "../../contract/accounts";
import { cartLineBody, quickOrderBody } from "../../contract/cart";
import { newToolSchema, toolListQuery } from "../../contract/catalog";
import { contactSchema, markReadSchema } from "../../contract/contact";
import {
  allOrdersQuery,
  markPaidBody,
  myOrdersQuery,
  orderBody,
  ordersExportQuery,
} from "../../contract/orders";
import { listQuery, pageQuery } from "../../contract/pagination";
import { cursorOf, pageLinks } from "../../contract/paging";
import { createPaymentIntentBody, simulatedConfirmBody } from "../../contract/payments";
import { ownerQuery, portfolioSchema, profileSchema } from "../../contract/profiles";
import { reviewSchema } from "../../contract/reviews";
import { tools } from "../catalog/tables";
import { seedDemoData } from "../demo/seed";
import { orderBody as validOrderBody } from "../orders/order-test-helpers";
import { orders } from "../orders/tables";
import { insertOrder, insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";

// Issue 10: malformed bodies, query strings and route parameters on every route, as anonymous, as a
// user and as an admin. No response is a 500, every 4xx is JSON {error}, and nothing is written:
// the catalog's stock and the number of orders stay as they were. Deterministic: one seeded generator.

const seed = 0x5eed_c0de;
const casesPerRouteAndRole = 6;
const secondAdmin = "fuzz-admin@carmechanic.example";
const photo = "/uploads/0123456789abcdef0123456789abcdef.webp";

// ---------------------------------------------------------------------------------------------
// A small seeded generator (mulberry32).

class Random {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16)).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// What a field of a contract schema is, read from the zod schema itself.

type FieldKind = "string" | "number" | "boolean" | "enum" | "unknown";
type Field = { key: string; kind: FieldKind; required: boolean };

type AnySchema = z.ZodType & {
  def: { type: string; innerType?: AnySchema; in?: AnySchema; out?: AnySchema };
};

function describeField(key: string, schema: z.ZodType): Field {
  let s = schema as AnySchema;
  let required = true;
  for (let i = 0; i < 10; i++) {
    const { type, innerType, in: input, out } = s.def;
    if ((type === "optional" || type === "default" || type === "nullable") && innerType) {
      required = false;
      s = innerType;
    } else if (type === "pipe" && input && out) {
      // z.preprocess is a pipe from a transform; a .pipe(z.email()) starts with the input's type.
      s = input.def.type === "transform" ? out : input;
    } else break;
  }
  const type = s.def.type;
  const kind: FieldKind =
    type === "string" || type === "number" || type === "boolean" || type === "enum" ? type : "unknown";
  return { key, kind, required: required && kind !== "unknown" };
}

function fieldsOf(schema: z.ZodObject): Field[] {
  return Object.entries(schema.shape).map(([key, s]) => describeField(key, s as z.ZodType));
}

// ---------------------------------------------------------------------------------------------
// Values.

/** `n` arrays inside each other around `inner`. */
const nested = (n: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let i = 0; i < n; i++) value = [value];
  return value;
};

/** Values that no contract field of `kind` accepts: any one of them makes the whole body invalid. */
function breakingValue(kind: FieldKind, random: Random): unknown {
  const anyKind = [{}, [], nested(40), "a\u0000b", "\u001b[31mred", { $gt: "" }];
  const byKind: Record<FieldKind, unknown[]> = {
    string: [true, null, ["a"], { toString: "x" }],
    number: [true, "abc", "12abc", { valueOf: 3 }, [5]],
    boolean: ["true", 1, null, "yes"],
    enum: ["no-such-choice", 1, null, "Bachelor\u0000"],
    unknown: [],
  };
  return random.pick([...anyKind, ...byKind[kind]]);
}

/** Odd values that may or may not be valid somewhere. */
function oddValue(random: Random): unknown {
  return random.pick<unknown>([
    "",
    " ",
    "  padded  ",
    "ünïcødé ✓",
    "\ud800",
    "😀".repeat(40),
    "<script>alert(1)</script>",
    "' OR '1'='1' --",
    "../../etc/passwd",
    "%00",
    "\\u0000",
    "x".repeat(300 + random.int(5000)),
    "tab\there",
    "line\nbreak",
    0,
    -0,
    -1,
    1,
    5,
    1.5,
    1e-9,
    0.001,
    1e21,
    2 ** 53 + 2,
    -(2 ** 31),
    2 ** 31,
    "5",
    " 5 ",
    "1e3",
    "0x10",
    "Infinity",
    "NaN",
    "-1",
    null,
    false,
    ["a", 1],
    { a: 1 },
    "2025-02-30",
    "9999-12-31",
    "0000-00-00",
    random.uuid(),
    "toString",
    "__proto__",
    "constructor",
  ]);
}

const queryValues = [
  "%00",
  "a%00b",
  "-1",
  "0",
  "1e309",
  "abc",
  "1.5",
  "99999999999999999999",
  "%ZZ",
  "%",
  "%E0%A4%A",
  "%C0%AF",
  "x".repeat(3000),
  "pending,paid,bogus",
  "",
  "__proto__",
  "%5B%5D",
  "toString",
  "%F0%9F%98%80",
  "+",
  "NaN",
  "Infinity",
  "2",
  "100",
  "101",
  "a%40b.co",
  "%1B",
  "%7F",
];
const queryKeys = [
  "__proto__",
  "__proto__[admin]",
  "constructor[prototype][x]",
  "page[]",
  "a%00",
  "%00",
  "limit[$gt]",
];

const paramValues = (random: Random) => [
  "%00",
  "x",
  random.uuid(),
  "00000000-0000-0000-0000-000000000000",
  "a".repeat(500),
  "%25",
  "..%2F..%2Fetc%2Fpasswd",
  "%E2%80%AE",
  "null",
  "__proto__",
  "a%40b.co",
  "%C0%AF",
  encodeURIComponent("😀"),
  "%1F",
  `${random.uuid()}%00`,
];

// ---------------------------------------------------------------------------------------------
// The routes and what the contract says they take.

type Role = "anonymous" | "user" | "admin";
type Context = { toolId: string; orderId: string; messageId: string; user: TestUser };
type Inputs = {
  body?: z.ZodObject;
  valid?: (c: Context) => Record<string, unknown>;
  query?: z.ZodObject;
  /** Route parameters may be real ids: every request carries an invalid body, so nothing changes. */
  realParams?: (c: Context) => Record<string, string>;
};

const validTool = {
  name: "Brake Caliper",
  description: "Cast-iron floating caliper.",
  available: 2000,
  minimum: 500,
  price: 24.99,
  img: photo,
};

const routeInputs: Record<string, Inputs> = {
  "GET /api/service": { query: toolListQuery },
  "POST /api/service": { body: newToolSchema, valid: () => validTool },
  "POST /api/order": { body: orderBody, valid: (c) => validOrderBody(c.toolId, 10) },
  "GET /api/order": { query: myOrdersQuery },
  "PUT /api/cart/lines/:toolId": {
    body: cartLineBody,
    valid: () => ({ quantity: 10 }),
    realParams: (c) => ({ toolId: c.toolId }),
  },
  "POST /api/cart/quick-order": { body: quickOrderBody, valid: () => ({ text: "SP-100 500" }) },
  "GET /api/allOrder": { query: allOrdersQuery },
  "PATCH /api/order/:id": {
    body: markPaidBody,
    valid: () => ({ transactionId: "pi_test_123" }),
    realParams: (c) => ({ id: c.orderId }),
  },
  "POST /api/create-payment-intent": {
    body: createPaymentIntentBody,
    valid: (c) => ({ orderId: c.orderId }),
  },
  "POST /api/payments/simulated/confirm": {
    body: simulatedConfirmBody,
    valid: () => ({
      clientSecret: "pi_x_secret_y",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/40",
      cvc: "123",
    }),
  },
  "POST /api/myProfile": {
    body: profileSchema,
    valid: (c) => ({
      name: c.user.name,
      email: c.user.email,
      education: "Bachelor",
      location: "Dhaka",
      phone: "+880 1712-345678",
      linkedIn: "amina-rahman",
      img: photo,
    }),
  },
  "GET /api/myProfile": { query: ownerQuery },
  "POST /api/myPortfolio": {
    body: portfolioSchema,
    valid: (c) => ({
      name: c.user.name,
      email: c.user.email,
      education: "Bsc in CSE",
      skill: "Brakes",
      project1: "https://example.com/a",
      project2: "https://example.com/b",
      project3: "https://example.com/c",
      img: photo,
    }),
  },
  "GET /api/myPortfolio": { query: ownerQuery },
  "GET /api/showAllProfile": { query: listQuery },
  "GET /api/user": { query: listQuery },
  "POST /api/review": {
    body: reviewSchema,
    valid: (c) => ({ name: c.user.name, email: c.user.email, description: "Good lots.", rating: 5 }),
  },
  "GET /api/review": { query: pageQuery },
  "GET /api/export/orders.csv": { query: ordersExportQuery },
  "POST /api/contact": {
    body: contactSchema,
    valid: () => ({ email: "workshop@example.com", subject: "Brake pads", message: "Do you deliver?" }),
  },
  "GET /api/contact": { query: listQuery },
  "PATCH /api/contact/:id": {
    body: markReadSchema,
    valid: () => ({ read: true }),
    realParams: (c) => ({ id: c.messageId }),
  },
};

/** Better Auth's endpoints behind `/api/auth/*`; the ones that end a session come last. */
const authEndpoints: { method: "GET" | "POST"; path: string; inputs?: Inputs }[] = [
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    inputs: {
      body: signUpSchema,
      valid: () => ({ name: "Fuzz", email: "fuzz@example.com", password: "long-password-1" }),
    },
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    inputs: { body: signInSchema, valid: (c) => ({ email: c.user.email, password: "wrong-password-1" }) },
  },
  {
    method: "POST",
    path: "/api/auth/update-user",
    inputs: {
      body: z.object({ name: nameField, image: z.string().optional() }),
      valid: () => ({ name: "Renamed", image: photo }),
    },
  },
  {
    method: "POST",
    path: "/api/auth/change-password",
    inputs: {
      body: z.object({ currentPassword: passwordField, newPassword: passwordField }),
      valid: () => ({ currentPassword: "wrong-password-1", newPassword: "another-password-2" }),
    },
  },
  {
    method: "POST",
    path: "/api/auth/change-email",
    inputs: { body: z.object({ newEmail: z.email() }), valid: () => ({ newEmail: "new@example.com" }) },
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/social",
    inputs: {
      body: z.object({ provider: z.string(), callbackURL: z.string() }),
      valid: () => ({ provider: "google", callbackURL: "/" }),
    },
  },
  {
    method: "POST",
    path: "/api/auth/request-password-reset",
    inputs: { body: z.object({ email: z.email() }), valid: () => ({ email: "nobody@example.com" }) },
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    inputs: {
      body: z.object({ newPassword: passwordField, token: z.string() }),
      valid: () => ({ newPassword: "long-password-1", token: "nope" }),
    },
  },
  {
    method: "POST",
    path: "/api/auth/verify-password",
    inputs: { body: z.object({ password: passwordField }), valid: () => ({ password: "wrong-password-1" }) },
  },
  {
    method: "POST",
    path: "/api/auth/send-verification-email",
    inputs: { body: z.object({ email: z.email() }), valid: () => ({ email: "nobody@example.com" }) },
  },
  {
    method: "POST",
    path: "/api/auth/link-social",
    inputs: { body: z.object({ provider: z.string() }), valid: () => ({ provider: "google" }) },
  },
  {
    method: "POST",
    path: "/api/auth/unlink-account",
    inputs: { body: z.object({ providerId: z.string() }), valid: () => ({ providerId: "google" }) },
  },
  {
    method: "POST",
    path: "/api/auth/get-access-token",
    inputs: { body: z.object({ providerId: z.string() }), valid: () => ({ providerId: "google" }) },
  },
  {
    method: "POST",
    path: "/api/auth/refresh-token",
    inputs: { body: z.object({ providerId: z.string() }), valid: () => ({ providerId: "google" }) },
  },
  { method: "POST", path: "/api/auth/update-session" },
  { method: "POST", path: "/api/auth/no-such-endpoint" },
  { method: "GET", path: "/api/auth/get-session" },
  { method: "GET", path: "/api/auth/list-sessions" },
  { method: "GET", path: "/api/auth/list-accounts" },
  { method: "GET", path: "/api/auth/account-info" },
  { method: "GET", path: "/api/auth/ok" },
  { method: "GET", path: "/api/auth/error" },
  {
    method: "GET",
    path: "/api/auth/verify-email",
    inputs: { query: z.object({ token: z.string(), callbackURL: z.string() }) },
  },
  {
    method: "GET",
    path: "/api/auth/callback/:id",
    inputs: { query: z.object({ code: z.string(), state: z.string() }) },
  },
  {
    method: "POST",
    path: "/api/auth/callback/:id",
    inputs: {
      body: z.object({ code: z.string(), state: z.string() }),
      valid: () => ({ code: "x", state: "y" }),
    },
  },
  {
    method: "GET",
    path: "/api/auth/reset-password/:token",
    inputs: { query: z.object({ callbackURL: z.string() }) },
  },
  {
    method: "GET",
    path: "/api/auth/delete-user/callback",
    inputs: { query: z.object({ token: z.string() }) },
  },
  {
    method: "POST",
    path: "/api/auth/delete-user",
    inputs: { body: z.object({ password: passwordField }), valid: () => ({ password: "wrong-password-1" }) },
  },
  {
    method: "POST",
    path: "/api/auth/revoke-session",
    inputs: { body: z.object({ token: z.string() }), valid: () => ({ token: "nope" }) },
  },
  { method: "POST", path: "/api/auth/revoke-other-sessions" },
  { method: "POST", path: "/api/auth/revoke-sessions" },
  { method: "POST", path: "/api/auth/sign-out" },
];

type Route = { method: string; path: string };

/** Every route the app serves, read from its router (HEAD and the webhooks left out). */
function listRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split("\n")) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(m[2] ?? "");
    const path = stack.join("");
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) {
      if (method === "HEAD" || path.startsWith("/api/webhooks/")) continue;
      routes.push({ method, path });
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

// ---------------------------------------------------------------------------------------------
// Requests.

type Case = { method: string; url: string; payload?: string; contentType?: string };

const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/** A JSON body made invalid in at least one field the contract requires, plus some odd values. */
function mutatedBody(
  fields: Field[],
  valid: Record<string, unknown>,
  random: Random,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...valid };
  const breakable = fields.filter((f) => f.required);
  const target = breakable.length > 0 ? random.pick(breakable) : undefined;
  for (let i = random.int(3); i > 0; i--) {
    const f = fields.length > 0 ? random.pick(fields) : undefined;
    if (f) body[f.key] = oddValue(random);
    else body[`extra${i}`] = oddValue(random);
  }
  if (random.chance(0.2))
    body[random.pick(["role", "isAdmin", "priceCents", "status", "paid", "userId"])] = oddValue(random);
  if (target) {
    if (random.chance(0.25)) delete body[target.key];
    else body[target.key] = breakingValue(target.kind, random);
  }
  return body;
}

/** Bodies that are wrong as a whole: not JSON, not an object, too deep, too big, poisoned. */
function rawBody(objectText: string, random: Random): { payload: string; contentType?: string } {
  const inner = objectText.slice(1);
  return random.pick([
    { payload: `{"__proto__":{"isAdmin":true},${inner}` },
    { payload: `{"constructor":{"prototype":{"isAdmin":true}},${inner}` },
    { payload: `{"__proto__":[]}` },
    { payload: '"just a string"' },
    { payload: "42" },
    { payload: "null" },
    { payload: "true" },
    { payload: "[]" },
    { payload: `[${objectText}]` },
    { payload: "{" },
    { payload: '{"a":}' },
    { payload: "{'a':1}" },
    { payload: '{"a":1,}' },
    { payload: `\uFEFF${objectText}` },
    { payload: "" },
    { payload: '{"a":"\\u0000"}' },
    { payload: '{"a\\u0000":1}' },
    { payload: '{"a":"\\ud800"}' },
    { payload: `${"[".repeat(20_000)}${"]".repeat(20_000)}` },
    { payload: `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}` },
    { payload: `${"[".repeat(33)}${"]".repeat(33)}` },
    { payload: `${"[".repeat(31)}${"]".repeat(31)}` },
    { payload: JSON.stringify({ a: "x".repeat(70_000) }) },
    { payload: `{"dup":1,"dup":{"__proto__":1},${inner}` },
    { payload: objectText, contentType: "text/plain" },
    { payload: "a\u0000b", contentType: "text/plain" },
    { payload: "a=1&b=%00", contentType: "application/x-www-form-urlencoded" },
    {
      payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--xyz--',
      contentType: "multipart/form-data; boundary=xyz",
    },
    { payload: "not multipart at all", contentType: "multipart/form-data; boundary=xyz" },
    { payload: objectText, contentType: "application/json; charset=latin1" },
    { payload: objectText, contentType: "application/vnd.api+json" },
    { payload: objectText, contentType: "APPLICATION/JSON" },
  ]);
}

function queryString(fields: Field[], random: Random): string {
  const parts: string[] = [];
  const keys = fields.map((f) => f.key);
  for (let i = 1 + random.int(3); i > 0; i--) {
    const key = keys.length > 0 && random.chance(0.75) ? random.pick(keys) : random.pick(queryKeys);
    parts.push(`${key}=${random.pick(queryValues)}`);
  }
  return parts.join("&");
}

function buildCase(route: Route, inputs: Inputs | undefined, context: Context, random: Random): Case {
  const params = inputs?.realParams && random.chance(0.5) ? inputs.realParams(context) : {};
  const path = route.path.replace(
    /:(\w+)/g,
    (_m, name: string) => params[name] ?? random.pick(paramValues(random)),
  );
  const queryFields = inputs?.query ? fieldsOf(inputs.query) : [];
  const withQuery = !hasBody(route.method) || random.chance(0.25);
  const url = withQuery ? `${path}?${queryString(queryFields, random)}` : path;
  if (!hasBody(route.method)) return { method: route.method, url };

  const bodyFields = inputs?.body ? fieldsOf(inputs.body) : [];
  const valid = inputs?.valid?.(context) ?? { anything: "at all" };
  const body = mutatedBody(bodyFields, valid, random);
  if (random.chance(0.7)) return { method: route.method, url, payload: JSON.stringify(body) };
  return { method: route.method, url, ...rawBody(JSON.stringify(body), random) };
}

// ---------------------------------------------------------------------------------------------
// Issue 22: cursors and date filters, every one of a class rather than a random few.

/** The lists read by cursor and who reads them. */
const cursorLists = [
  ["/api/order", "user"],
  ["/api/allOrder", "admin"],
  ["/api/user", "admin"],
  ["/api/showAllProfile", "admin"],
  ["/api/contact", "admin"],
] as const;

const base64url = (text: string) => Buffer.from(text).toString("base64url");
const cursorOfKey = (k: unknown, d: unknown = "next") => base64url(JSON.stringify({ d, k }));
const someUuid = "51c81d6c-33ba-4dac-86f2-bd5286b8d4ff";

/** Sort keys no row has: extreme, impossible or malformed timestamps and ids. */
const forgedKeys: unknown[] = [
  ["0000-01-01T00:00:00.000000Z", someUuid],
  ["0000-12-31T23:59:59.999999Z", someUuid],
  ["0001-01-01T00:00:00.000000Z", someUuid],
  ["9999-12-31T23:59:59.999999Z", someUuid],
  ["+010000-01-01T00:00:00.000000Z", someUuid],
  ["-000001-01-01T00:00:00.000000Z", someUuid],
  ["2026-02-30T00:00:00.000000Z", someUuid],
  ["2026-13-01T00:00:00.000000Z", someUuid],
  ["2026-01-01T24:00:00.000000Z", someUuid],
  ["2026-01-01T00:00:00Z", someUuid],
  ["2026-01-01", someUuid],
  ["2026-01-01T00:00:00.000000Z", "abc\u0000def"],
  ["2026-01-01T00:00:00.000000\u0000Z", someUuid],
  ["2026-01-01T00:00:00.000000Z", "\u0000"],
  ["2026-01-01T00:00:00.000000Z", "x".repeat(600)],
  ["2026-01-01T00:00:00.000000Z", `${someUuid}'; drop table orders; --`],
  ["2026-01-01T00:00:00.000000Z"],
  ["2026-01-01T00:00:00.000000Z", someUuid, someUuid],
  [],
  [1767225600000, someUuid],
  [null, null],
  "2026-01-01T00:00:00.000000Z",
  { 0: "2026-01-01T00:00:00.000000Z", 1: someUuid },
];

/** Cursors the shop never issued, whole. */
function forgedCursors(): string[] {
  return [
    ...forgedKeys.map((k) => cursorOfKey(k)),
    ...forgedKeys.map((k) => cursorOfKey(k, "prev")),
    cursorOfKey(["2026-01-01T00:00:00.000000Z", someUuid], "up"),
    cursorOfKey(["2026-01-01T00:00:00.000000Z", someUuid], null),
    base64url("not json"),
    base64url("null"),
    base64url("[]"),
    base64url('{"__proto__":{"d":"next"}}'),
    "!!!",
    ".",
    "..",
    "a.b",
    `.${"A".repeat(43)}`,
    `${cursorOfKey(["2026-01-01T00:00:00.000000Z", someUuid])}.`,
    "eyJkIjogIm5leHQiLCAiayI6IFsiMDAwMC0wMS0wMVQwMDowMDowMC4wMDAwMDBaIiwgIjUxYzgxZDZjLTMzYmEtNGRhYy04NmYyLWJkNTI4NmI4ZDRmZiJdfQ",
    "x".repeat(1000),
    "x".repeat(1001),
  ];
}

/** A cursor the shop issued, changed: its key, its direction, its seal, its length. */
function tamperedCursors(issued: string): string[] {
  const dot = issued.lastIndexOf(".");
  const token = dot < 0 ? issued : issued.slice(0, dot);
  const seal = dot < 0 ? "" : issued.slice(dot);
  const key = JSON.parse(Buffer.from(token, "base64url").toString()) as { d: string; k: string[] };
  const [at = "", id = ""] = key.k;
  const resealed = (k: unknown, d: unknown = key.d) => `${cursorOfKey(k, d)}${seal}`;
  const flip = (text: string, i: number) =>
    `${text.slice(0, i)}${text[i] === "A" ? "B" : "A"}${text.slice(i + 1)}`;
  return [
    resealed([`0000${at.slice(4)}`, id]),
    resealed([`9999${at.slice(4)}`, id]),
    resealed([`${Number(at.slice(0, 4)) - 1}${at.slice(4)}`, id]),
    resealed([at, someUuid]),
    resealed([at, `${id.slice(0, -1)}\u0000`]),
    resealed(key.k, key.d === "next" ? "prev" : "next"),
    token,
    `${token}.`,
    `${token}${seal}${seal}`,
    `${token}${seal}A`,
    flip(issued, issued.length - 1),
    flip(issued, dot + 1),
    flip(issued, 0),
    issued.toUpperCase(),
    `${issued}%00`,
  ];
}

/** Days for `?from=` and `?to=`: the ends of the range, past them, and not dates at all. */
const exportDays = [
  "0000-01-01",
  "0000-12-31",
  "0001-01-01",
  "9999-12-31",
  "10000-01-01",
  "%2B010000-01-01",
  "-000001-01-01",
  "99999-01-01",
  "2026-02-30",
  "2024-02-29",
  "2026-13-01",
  "2026-00-10",
  "2026-1-1",
  "20260101",
  "2026-01-01T00:00:00Z",
  "2026-01-01%00",
  "%00",
  "",
  "NaN",
  "Infinity",
  "-1",
  "1e10",
  "9999-99-99",
  "1970-01-01",
  "x".repeat(3000),
];

// ---------------------------------------------------------------------------------------------

describeEachDatabase(
  "fuzz: malformed bodies, queries and parameters on every route",
  (env) => {
    const people = usersAndAdmin(env);
    const authPeople = { user: undefined as unknown as TestUser, admin: undefined as unknown as TestUser };
    let context: Context;

    beforeAll(async () => {
      await seedDemoData(env.db);
      const tool = await insertTool(env.db, { minimum: 10, available: 1000 });
      const order = await insertOrder(env.db, tool, people.user);
      const message = await env.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { origin: testOrigin },
        payload: { email: "workshop@example.com", subject: "Hello", message: "A message to mark read" },
      });
      context = {
        toolId: tool.id,
        orderId: order.id,
        messageId: message.json().insertedId,
        user: people.user,
      };
      // Sessions of their own for the auth routes, which may sign out or revoke them.
      authPeople.user = await signUp(env.app);
      authPeople.admin = await signUp(env.app, { email: secondAdmin });
    });

    const totals = async () => {
      const [stock] = await env.db.select({ stock: sum(tools.available), tools: count() }).from(tools);
      return { stock: Number(stock?.stock), tools: stock?.tools, orders: await env.db.$count(orders) };
    };

    it("knows what every route of the contract takes", () => {
      const served = new Set(listRoutes(env.app).map((r) => `${r.method} ${r.path}`));
      expect(served.has("POST /api/auth/*")).toBe(true);
      for (const key of Object.keys(routeInputs)) expect(served, key).toContain(key);
    });

    it("1,000+ malformed requests: no 500, every 4xx is {error}, stock and orders unchanged", async () => {
      const random = new Random(seed);
      const before = await totals();
      const routes = listRoutes(env.app).filter((r) => !r.path.startsWith("/api/auth/"));
      const plan: { route: Route; inputs?: Inputs; auth: boolean }[] = [
        ...routes.map((route) => ({
          route,
          inputs: routeInputs[`${route.method} ${route.path}`],
          auth: false,
        })),
        ...authEndpoints.map(({ method, path, inputs }) => ({ route: { method, path }, inputs, auth: true })),
      ];

      const failures: string[] = [];
      let sent = 0;
      let address = 0;
      for (const { route, inputs, auth } of plan) {
        for (const role of ["anonymous", "user", "admin"] as Role[]) {
          const who = role === "anonymous" ? undefined : (auth ? authPeople : people)[role];
          for (let i = 0; i < casesPerRouteAndRole; i++) {
            const c = buildCase(route, inputs, context, random);
            const headers: Record<string, string> = { origin: testOrigin };
            if (who) headers.cookie = who.cookie;
            if (c.payload !== undefined) headers["content-type"] = c.contentType ?? "application/json";
            const options: InjectOptions = {
              method: c.method as InjectOptions["method"],
              url: c.url,
              headers,
              // A new address each time, so the per-address limits do not hide what is behind them.
              remoteAddress: `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            };
            if (c.payload !== undefined) options.payload = c.payload;
            const res = await env.app.inject(options);
            sent++;
            const where = `${c.method} ${c.url.slice(0, 120)} as ${role} [${(c.payload ?? "").slice(0, 80)}]`;
            if (res.statusCode >= 500) {
              failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            } else if (res.statusCode >= 400) {
              let body: unknown;
              try {
                body = res.json();
              } catch {
                body = undefined;
              }
              const error = (body as { error?: unknown } | undefined)?.error;
              const onlyError = auth || Object.keys(body ?? {}).join() === "error";
              if (typeof error !== "string" || error.length === 0 || !onlyError) {
                failures.push(`${where}: ${res.statusCode} not {error}: ${res.body.slice(0, 200)}`);
              }
            }
          }
        }
      }

      expect(sent).toBeGreaterThanOrEqual(1000);
      const serverErrors = failures.filter((f) => / 5\d\d /.test(f)).length;
      expect(
        failures.slice(0, 25),
        `${failures.length} of ${sent} requests failed, ${serverErrors} with a 5xx`,
      ).toEqual([]);
      expect(await totals()).toEqual(before);
    }, 180_000);

    it("cursors forged, tampered, extreme or with a NUL are 400 {error}; sealed extremes never 5xx", async () => {
      // Every list has a second row, so each first page of one has a next link to tamper with.
      const second = await call(env.app, "POST", "/api/myProfile", people.other, {
        name: people.other.name,
        email: people.other.email,
        education: "Bachelor",
        location: "Dhaka",
        phone: "+880 1712-345678",
        linkedIn: "amina-rahman",
        img: photo,
      });
      expect(second.statusCode, second.body).toBeLessThan(300);
      for (const subject of ["One", "Two"]) {
        const sent = await env.app.inject({
          method: "POST",
          url: "/api/contact",
          headers: { origin: testOrigin },
          payload: { email: "workshop@example.com", subject, message: "Another message" },
          remoteAddress: "10.255.0.1",
        });
        expect(sent.statusCode, sent.body).toBe(201);
      }
      await call(env.app, "POST", "/api/myProfile", people.user, {
        name: people.user.name,
        email: people.user.email,
        education: "Bachelor",
        location: "Dhaka",
        phone: "+880 1712-345678",
        linkedIn: "amina-rahman",
        img: photo,
      });
      await insertOrder(env.db, await insertTool(env.db, { minimum: 10, available: 1000 }), people.user);

      const before = await totals();
      const failures: string[] = [];
      let sent = 0;
      const expectRefused = async (list: string, role: "user" | "admin", cursor: string, sealed = false) => {
        const url = `${list}?cursor=${cursor.endsWith("%00") ? cursor : encodeURIComponent(cursor)}`;
        const res = await call(env.app, "GET", url, people[role]);
        sent++;
        const where = `${url.slice(0, 160)}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (res.statusCode >= 500 || (!sealed && res.statusCode !== 400)) failures.push(where);
        else if (res.statusCode >= 400 && Object.keys(res.json() ?? {}).join() !== "error")
          failures.push(where);
      };

      const issued: string[] = [];
      for (const [list, role] of cursorLists) {
        const first = await call(env.app, "GET", `${list}?limit=1`, people[role]);
        expect(first.statusCode, first.body).toBe(200);
        const cursor = cursorOf(pageLinks(first.headers.link as string | undefined).next);
        expect(cursor, `${list} has a next page`).toBeDefined();
        if (cursor) issued.push(cursor);
      }
      for (const [list, role] of cursorLists) {
        for (const cursor of forgedCursors()) await expectRefused(list, role, cursor);
        for (const cursor of issued.flatMap(tamperedCursors)) await expectRefused(list, role, cursor);
        // The other lists' cursors: the shop's own, but not for this list.
        for (const cursor of issued.filter((_c, i) => cursorLists[i]?.[0] !== list)) {
          await expectRefused(list, role, cursor);
        }
        // Sealed with the shop's own key: PostgreSQL must still never see a key it cannot read.
        for (const k of forgedKeys) {
          await expectRefused(list, role, env.app.cursorSeal.seal(cursorOfKey(k), list), true);
        }
      }
      expect(sent).toBeGreaterThanOrEqual(500);
      expect(failures.slice(0, 25), `${failures.length} of ${sent} cursors answered wrongly`).toEqual([]);
      expect(await totals()).toEqual(before);
    }, 180_000);

    it("date filters at and past the ends of the range, or malformed, are 200 or 400 {error}, never 5xx", async () => {
      const failures: string[] = [];
      const check = async (query: string, must400: boolean) => {
        const res = await call(env.app, "GET", `/api/export/orders.csv?${query}`, people.admin);
        const where = `${query.slice(0, 120)}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (res.statusCode >= 500 || (must400 && res.statusCode !== 400)) failures.push(where);
        else if (res.statusCode >= 400 && Object.keys(res.json() ?? {}).join() !== "error")
          failures.push(where);
        else if (res.statusCode !== 400 && res.statusCode !== 200) failures.push(where);
      };
      // The days answered (an empty one is no filter); every other value is a 400.
      const answered = new Set(["0001-01-01", "9999-12-31", "2024-02-29", "1970-01-01", ""]);
      for (const day of exportDays) {
        const refused = !answered.has(day);
        await check(`from=${day}`, refused);
        await check(`to=${day}`, refused);
        await check(`from=${day}&to=${day}`, refused);
        await check(`status=paid&to=${day}&from=0001-01-01`, refused);
        await check(`from=${day}&from=2026-01-01`, true);
      }
      await check("from=9999-12-31&to=0001-01-01", true);
      // Keys that are no filter are ignored, like every unknown key.
      await check("from[]=0000-01-01", false);
      await check("to[$gt]=9999-12-31", false);
      expect(failures.slice(0, 25), `${failures.length} date filters answered wrongly`).toEqual([]);
    });
  },
  { ADMIN_EMAILS: `${adminEmail},${secondAdmin}` },
);
