// Starts the shop for the browser tests: a fresh embedded database in a temporary folder, seeded
// with the demo catalog, serving the built web app (npm run test:e2e builds it first). A real OIDC
// provider on 127.0.0.1 stands in for Google; it starts first because the shop reads its discovery
// document at start-up.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOidcServer } from "./oidc-server";
import { adminEmail } from "./users";
import { verifiedAdminOnStart } from "./verified-admin";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-e2e-"));
const port = process.env.E2E_PORT ?? "3199";
// The address the tests browse to: Origin checks and the OAuth redirect URI depend on it.
const shopUrl = `http://127.0.0.1:${port}`;

process.env.DATA_DIR = dataDir;
process.env.PORT = port;
process.env.HOST = "127.0.0.1";
process.env.PUBLIC_URL = shopUrl;
process.env.LOG_LEVEL = "warn";
process.env.ADMIN_EMAILS = adminEmail;
// Every test signs accounts up from the same address; the limit itself is covered by the API tests.
process.env.AUTH_RATE_LIMIT = "1000";
// The footer's social and app-store links (each shows only when set).
process.env.FACEBOOK_URL = "https://www.facebook.com/carmechanic.shop";
process.env.X_URL = "https://x.com/carmechanicshop";
process.env.YOUTUBE_URL = "https://www.youtube.com/@carmechanicshop";
process.env.APP_STORE_URL = "https://apps.apple.com/app/car-mechanic/id6450000000";
process.env.GOOGLE_PLAY_URL = "https://play.google.com/store/apps/details?id=shop.carmechanic.app";
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
// The Node this server runs on, for e2e/runtime.spec.ts: a file, so no client is ever told.
const runtimeFile = process.env.E2E_SERVER_RUNTIME;
if (runtimeFile) {
  fs.writeFileSync(runtimeFile, JSON.stringify({ node: process.versions.node, execPath: process.execPath }));
  process.on("exit", () => fs.rmSync(runtimeFile, { force: true }));
}

const oidc = await startOidcServer(shopUrl);
process.env.OIDC_ISSUER = oidc.issuer;
process.env.OIDC_CLIENT_ID = oidc.clientId;
process.env.OIDC_CLIENT_SECRET = oidc.clientSecret;

// Without SMTP_URL mail stays in the outbox: the admin verifies with the link caught as it is mailed.
const verifyAdmin = verifiedAdminOnStart(shopUrl);
await import("../server/main");
await verifyAdmin();
