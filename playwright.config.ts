import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs } from "./scripts/chromium";

// Browser tests drive Debian's Chromium (never a downloaded browser) against a real server on a
// fresh embedded database with the demo catalog (see e2e/serve.ts).
// A port of its own per run (workers inherit it through the environment), so parallel runs never collide.
process.env.E2E_PORT ??= String(3200 + Math.floor(Math.random() * 2000));
const port = Number(process.env.E2E_PORT);
// The server writes the Node it runs on there (e2e/runtime.spec.ts reads it; never served to clients).
process.env.E2E_SERVER_RUNTIME ??= path.join(os.tmpdir(), `car-mechanic-e2e-${port}-runtime.json`);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `tsx e2e/serve.ts`,
    env: {
      E2E_PORT: String(port),
      E2E_SERVER_RUNTIME: process.env.E2E_SERVER_RUNTIME,
      // e2e/api.spec.ts's webhook receiver listens on 127.0.0.1, an address the shop otherwise refuses.
      WEBHOOK_ALLOW_PRIVATE: "true",
    },
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
