// Starts the shop for the browser tests: a fresh embedded database in a temporary folder, seeded
// with the demo catalog, serving the built web app (npm run test:e2e builds it first).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-e2e-"));
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? "3199";
process.env.HOST = "127.0.0.1";
process.env.LOG_LEVEL = "warn";
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));

await import("../server/main");
