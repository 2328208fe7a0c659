import fs from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import type { ShopLinkName, ShopLinks } from "../contract/shop-links";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const isRedisUrl = (value: string) =>
  URL.canParse(value) && /^rediss?:$/.test(new URL(value).protocol) && new URL(value).hostname !== "";

const isSmtpUrl = (value: string) =>
  URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== "";

const isHttpsUrl = (value: string) => URL.canParse(value) && new URL(value).protocol === "https:";

/** A link in the footer (contract/shop-links.ts): unset, or an https:// address. */
const linkSetting = optional.refine(
  (v) => v === undefined || isHttpsUrl(v),
  "must be an https:// address such as https://www.facebook.com/your-shop",
);

const wholeHours = "must be a whole number of hours (0 turns the expiry off)";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_URL: optional,
  SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
  TRUST_PROXY: z.string().trim().default("false"),
  AUTH_SECRET: optional,
  ADMIN_EMAILS: z.string().default(""),
  TRUSTED_ORIGINS: z.string().default(""),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  REDIS_URL: optional.refine(
    (v) => v === undefined || isRedisUrl(v),
    "must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379",
  ),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: optional,
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PREFIX: optional,
  METRICS_TOKEN: optional,
  SMTP_URL: optional.refine(
    (v) => v === undefined || isSmtpUrl(v),
    "must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587",
  ),
  MAIL_FROM: z.string().trim().min(1).default("Car Mechanic <no-reply@localhost>"),
  REQUIRE_EMAIL_VERIFICATION: z.enum(["true", "false"]).default("false"),
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  REDIS_KEY_PREFIX: z.string().trim().min(1).default("car-mechanic:"),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(20_000),
  FACEBOOK_URL: linkSetting,
  X_URL: linkSetting,
  YOUTUBE_URL: linkSetting,
  APP_STORE_URL: linkSetting,
  GOOGLE_PLAY_URL: linkSetting,
  UNPAID_ORDER_HOURS: optional.pipe(
    z.coerce
      .number<string | undefined>({ error: wholeHours })
      .int(wholeHours)
      .min(0, wholeHours)
      .max(8760, "must be at most 8760 hours (a year)")
      .default(48),
  ),
});

const list = (value: string) =>
  value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

export type Config = {
  port: number;
  host: string;
  /** Folder for the embedded database, the auth secret and uploads. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** The URL users reach the shop at; defaults to http://localhost:PORT. */
  publicUrl: string;
  /**
   * PUBLIC_URL was set: writes must come from it (or TRUSTED_ORIGINS). Unset, the shop also takes
   * writes from the address it was reached at (the request's own Host), as on 127.0.0.1 or a LAN.
   */
  publicUrlIsSet: boolean;
  seedDemoData: boolean;
  /**
   * Fastify's trustProxy: which proxies' X-Forwarded-For to believe (rate limits key on the client
   * address). false: none; the proxies' addresses/CIDRs; a hop count (as a function: Fastify 5
   * takes no number); true: every hop, which a client can forge behind most proxies.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** AUTH_SECRET; undefined means one generated and kept in the data folder. */
  authSecret: string | undefined;
  /** Accounts with these emails are admins. */
  adminEmails: string[];
  /** Origins besides publicUrl allowed to make state-changing calls (e.g. the Vite dev server). */
  trustedOrigins: string[];
  /** Sign-in and sign-up attempts per client address and minute. */
  authRateLimit: number;
  /** Requests one account may make with its access tokens per minute (API_RATE_LIMIT). */
  apiRateLimit: number;
  /** Redis shared by every server for the rate limits (REDIS_URL); undefined keeps them in each process's memory. */
  redisUrl: string | undefined;
  /** Start of every key this shop writes in Redis (REDIS_KEY_PREFIX), so several shops can share one. */
  redisKeyPrefix: string;
  /** After SIGTERM/SIGINT, readiness answers 503 while requests are still served this long. */
  shutdownDrainMs: number;
  /** The process exits (code 1) this long after SIGTERM/SIGINT, whatever is still running. */
  shutdownTimeoutMs: number;
  /** The OIDC provider behind "Continue with Google": Google itself, or any issuer standing in. */
  google: { discoveryUrl: string; clientId: string; clientSecret: string } | undefined;
  /** The footer's social and app-store links that are set (FACEBOOK_URL, X_URL, …). */
  shopLinks: ShopLinks;
  /** Card payments through Stripe when its three keys are set; the simulated gateway otherwise. */
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string | undefined }
    | undefined;
  /** Unpaid orders are cancelled, and their stock put back on sale, this many hours after being placed; 0 never. */
  unpaidOrderHours: number;
  /** GET /metrics wants `Authorization: Bearer <token>`; undefined: only direct scrapes from this machine. */
  metricsToken: string | undefined;
  /** Mail goes out through this SMTP server (SMTP_URL); undefined keeps every message in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every message (MAIL_FROM). */
  mailFrom: string;
  /** Placing an order needs a verified email address (REQUIRE_EMAIL_VERIFICATION). */
  requireEmailVerification: boolean;
  /**
   * Webhook endpoints may be on private, loopback or link-local addresses (WEBHOOK_ALLOW_PRIVATE):
   * for tests and a shop whose receivers sit on its own network. Off, they are refused when
   * registered and at every connection.
   */
  webhookAllowPrivate: boolean;
  /** A webhook delivery's attempt gives up waiting for the receiver's answer after this long (WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs: number;
  /** Uploads in an S3-compatible bucket when S3_BUCKET is set; in dataDir/uploads otherwise. */
  s3:
    | {
        bucket: string;
        region: string;
        /** Another S3-compatible service (MinIO, R2, …); AWS itself when undefined. */
        endpoint: string | undefined;
        forcePathStyle: boolean;
        /** Undefined means the SDK's default credential chain (environment, profile, instance role). */
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        /** Folder in the bucket, without slashes at either end; "" for the bucket's root. */
        prefix: string;
      }
    | undefined;
};

/** Reads `.env` in the working folder into process.env when there is one; variables already set win. */
export function readEnvFile(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    publicUrlIsSet: e.PUBLIC_URL !== undefined,
    seedDemoData: e.SEED_DEMO_DATA === "true",
    trustProxy: trustedProxies(e.TRUST_PROXY),
    authSecret: e.AUTH_SECRET,
    adminEmails: list(e.ADMIN_EMAILS),
    trustedOrigins: list(e.TRUSTED_ORIGINS),
    authRateLimit: e.AUTH_RATE_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    google: googleProvider(e),
    stripe: stripeGateway(e),
    s3: s3Storage(e),
    unpaidOrderHours: e.UNPAID_ORDER_HOURS,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === "true",
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "true",
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    shopLinks: shopLinks(e),
  };
}

/** The footer's links that are set; the others are left out (the page shows nothing for them). */
function shopLinks(e: z.infer<typeof envSchema>): ShopLinks {
  const set: Record<ShopLinkName, string | undefined> = {
    facebook: e.FACEBOOK_URL,
    x: e.X_URL,
    youtube: e.YOUTUBE_URL,
    appStore: e.APP_STORE_URL,
    googlePlay: e.GOOGLE_PLAY_URL,
  };
  return Object.fromEntries(Object.entries(set).filter(([, url]) => url !== undefined));
}

/** TRUST_PROXY as Fastify takes it: true/false, a hop count, or comma-separated addresses/CIDRs. */
function trustedProxies(value: string): Config["trustProxy"] {
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    // The nearest `hops` addresses are proxies (the peer, then X-Forwarded-For from the right).
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const addresses = list(value);
  const isAddressOrCidr = (a: string) => {
    const [ip, bits, ...rest] = a.split("/");
    const family = isIP(ip ?? "");
    const maxBits = family === 6 ? 128 : 32;
    return (
      family !== 0 &&
      rest.length === 0 &&
      (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits))
    );
  };
  const bad = addresses.filter((a) => !isAddressOrCidr(a));
  if (addresses.length === 0 || bad.length > 0) {
    throw new Error(
      `Invalid configuration: TRUST_PROXY must be true, false, a hop count such as 1, or the proxies' addresses such as 127.0.0.1,10.0.0.0/8 (not ${bad.join(", ") || value})`,
    );
  }
  return addresses;
}

function googleProvider(e: z.infer<typeof envSchema>): Config["google"] {
  if (e.OIDC_ISSUER) {
    if (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
      throw new Error("Invalid configuration: OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
    }
    return {
      discoveryUrl: `${e.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
    };
  }
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    return {
      discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    };
  }
  return undefined;
}

function stripeGateway(e: z.infer<typeof envSchema>): Config["stripe"] {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = e;
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET;
  if (!secretKey && !publishableKey && !webhookSecret) return undefined;
  if (!secretKey || !publishableKey || !webhookSecret) {
    throw new Error(
      "Invalid configuration: Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together",
    );
  }
  if (e.STRIPE_API_BASE && !URL.canParse(e.STRIPE_API_BASE)) {
    throw new Error("Invalid configuration: STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111");
  }
  return { secretKey, publishableKey, webhookSecret, apiBase: e.STRIPE_API_BASE };
}

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** Folder names of letters, digits, ".", "_" and "-" (never "." or ".."), such as "shop/uploads". */
const isKeyPrefix = (value: string) =>
  value.split("/").every((folder) => /^[\w.-]+$/.test(folder) && folder !== "." && folder !== "..");

function s3Storage(e: z.infer<typeof envSchema>): Config["s3"] {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint } = e;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!bucket) {
    const stray = (Object.keys(e) as (keyof typeof e)[]).filter((k) => k.startsWith("S3_") && e[k]);
    if (stray.length === 0) return undefined;
    throw new Error(`Invalid configuration: ${stray.join(", ")} need S3_BUCKET (or unset them)`);
  }
  if (!/^[A-Za-z0-9._-]+$/.test(bucket)) {
    throw new Error("Invalid configuration: S3_BUCKET must be a bucket name such as car-mechanic-uploads");
  }
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error("Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  }
  if (endpoint && !isHttpUrl(endpoint)) {
    throw new Error(
      "Invalid configuration: S3_ENDPOINT must be an http(s) URL such as http://127.0.0.1:9000",
    );
  }
  const prefix = (e.S3_PREFIX ?? "").replace(/^\/+|\/+$/g, "");
  if (prefix && !isKeyPrefix(prefix)) {
    throw new Error("Invalid configuration: S3_PREFIX must be folder names such as shop/uploads");
  }
  return {
    bucket,
    region: e.S3_REGION ?? "us-east-1",
    endpoint,
    // Most S3-compatible services want /bucket/key; AWS itself wants bucket.host/key.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === "true" : endpoint !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix,
  };
}
