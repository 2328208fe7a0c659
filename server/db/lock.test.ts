import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

function startServer(dataDir: string, port: number) {
  const child = spawn(tsx, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Generous: a first start creates the embedded database, which takes a while on a loaded machine.
async function waitForHealth(port: number, output: () => string, timeoutMs = 150_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on :${port} did not become healthy. It said:\n${output()}`);
}

async function toolNames(port: number): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/api/service?limit=100`);
  return ((await res.json()) as { name: string }[]).map((t) => t.name);
}

describe("the embedded database's data folder", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-lock-"));
  let first: ReturnType<typeof startServer>;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    first = startServer(dataDir, port);
    await waitForHealth(port, first.output);
  }, 180_000);

  afterAll(async () => {
    first?.child.kill("SIGTERM");
    await first?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is seeded with the demo catalog on first start", async () => {
    const names = await toolNames(port);
    expect(names.slice(0, 6)).toEqual([
      "Bumper",
      "Door",
      "Engine Block",
      "Injection Pump",
      "Mirror",
      "Piston",
    ]);
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  it("refuses a second server with a clear message and leaves the first running with its data", async () => {
    const before = await toolNames(port);
    const second = startServer(dataDir, await freePort());
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another Car Mechanic server`);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true });
    expect(await toolNames(port)).toEqual(before);
  });

  it("opens again, data intact, after the first server stopped", { timeout: 180_000 }, async () => {
    const before = await toolNames(port);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const nextPort = await freePort();
    first = startServer(dataDir, nextPort);
    await waitForHealth(nextPort, first.output);
    expect(await toolNames(nextPort)).toEqual(before);
  });
});
