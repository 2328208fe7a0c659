// The server as production runs it: `npm start` runs the build (dist/server/main.js, which
// `npm run test:e2e` builds first), not the TypeScript the other browser tests serve. It starts on a
// new embedded database from the build's template, answers, stays within its memory budget (issue 15:
// 300 MB idle), and starts again on the folder it made with its data still there.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compileCacheDir } from "../server/runtime/compile-cache";
import { freePort } from "../server/test/free-port";
import { expect, test } from "./fixtures";
import { newUser } from "./users";

const root = path.resolve(import.meta.dirname, "..");
const mb = 1024 * 1024;

type Server = { url: string; child: ChildProcess };

async function startBuiltServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_MS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until && child.exitCode === null) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`node dist/server/main.js did not answer /api/health (exit code ${child.exitCode})`);
}

async function stop({ child }: Server): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** The server's resident memory and its peak since it started (Linux). */
function memoryOf({ child }: Server): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1]) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

let dataDir = "";
test.beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-built-"));
});
test.afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test("the built server starts on a new data folder, answers, and starts again on it with its data", async () => {
  test.setTimeout(120_000);
  const owner = newUser();
  fs.rmSync(compileCacheDir, { recursive: true, force: true });
  const first = await startBuiltServer(dataDir);
  try {
    // Once it listens it has written the code Node compiled, for the next start (decision 025).
    const cachedModules = () =>
      (fs.existsSync(compileCacheDir) ? fs.readdirSync(compileCacheDir) : [])
        .filter((folder) => folder.startsWith(`v${process.versions.node}-`))
        .flatMap((folder) => fs.readdirSync(path.join(compileCacheDir, folder)));
    await expect.poll(() => cachedModules().length, { timeout: 5000 }).toBeGreaterThan(100);
    const service = await fetch(`${first.url}/api/service`);
    expect(service.status).toBe(200);
    expect(((await service.json()) as unknown[]).length, "the demo catalog").toBeGreaterThan(0);
    const home = await fetch(first.url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    // The rendered page, then the same page kept in memory (answered before routing): each answer
    // names its request for the log.
    const homeAgain = await fetch(first.url);
    expect(home.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(homeAgain.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(homeAgain.headers.get("x-request-id")).not.toBe(home.headers.get("x-request-id"));
    // Better Auth and the verification mail's rendering, bundled into the build.
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.url },
      body: JSON.stringify(owner),
    });
    expect(signUp.status, await signUp.text()).toBe(200);

    // Its memory settles within the budget once idle; PGlite's initdb (the template spares it) peaked
    // near 900 MB.
    await expect.poll(() => memoryOf(first).rss / mb, { timeout: 10_000 }).toBeLessThanOrEqual(300);
    expect(memoryOf(first).peak / mb).toBeLessThanOrEqual(400);
  } finally {
    await stop(first);
  }

  const again = await startBuiltServer(dataDir);
  try {
    const signIn = await fetch(`${again.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: again.url },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(signIn.status, "the account made before the restart signs in").toBe(200);
  } finally {
    await stop(again);
  }
});
