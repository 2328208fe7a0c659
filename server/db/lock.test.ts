import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../test/free-port";
import {
  DataDirInUseError,
  type LockOwner,
  lockDataDir,
  lockDirName,
  ownerFileName,
  readLockOwner,
} from "./lock";

const root = path.resolve(import.meta.dirname, "../..");

function startServer(dataDir: string, port: number) {
  // Node itself with tsx's loader (not the tsx CLI, which runs the server in a child process of
  // its own): the pid we hold is the server's, so SIGKILL reaches the process holding the lock.
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
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

  it("restarts at once, data intact, after the server was killed with SIGKILL", {
    timeout: 180_000,
  }, async () => {
    const before = await toolNames(port);
    first.child.kill("SIGKILL");
    await first.exited;
    // The dead server's lock is still there, fresh: before, a restart now was refused for 15 s.
    expect(readLockOwner(path.join(dataDir, lockDirName))?.pid).toBe(first.child.pid);

    port = await freePort();
    first = startServer(dataDir, port);
    await waitForHealth(port, first.output);
    expect(first.output()).not.toContain("in use by another Car Mechanic server");
    expect(await toolNames(port)).toEqual(before);
    expect(readLockOwner(path.join(dataDir, lockDirName))?.pid).toBe(first.child.pid);
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

/** A process that takes the data folder's lock and holds it until it is killed. */
async function lockHolder(dataDir: string) {
  const script = `const { lockDataDir } = await import(${JSON.stringify(path.join(root, "server/db/lock.ts"))});
await lockDataDir(process.argv[1]);
console.log("locked");
setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dataDir], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d) => (String(d).includes("locked") ? resolve() : undefined));
    child.on("exit", (code) => reject(new Error(`lock holder exited (${code}): ${output}`)));
  });
  return { child, exited };
}

describe("a lock left in the data folder", { timeout: 60_000 }, () => {
  let dataDir: string;
  const lockPath = () => path.join(dataDir, lockDirName);
  const holders: Awaited<ReturnType<typeof lockHolder>>[] = [];

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-lock-owner-"));
  });
  afterEach(async () => {
    for (const h of holders.splice(0)) {
      h.child.kill("SIGKILL");
      await h.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A lock directory as another process would have left it, with this owner (or none) inside. */
  function leaveLock(owner: Partial<LockOwner> | undefined, ageMs = 0) {
    fs.mkdirSync(lockPath());
    if (owner) fs.writeFileSync(path.join(lockPath(), ownerFileName), JSON.stringify(owner));
    const mtime = new Date(Date.now() - ageMs);
    fs.utimesSync(lockPath(), mtime, mtime);
  }

  /** A pid no process has (the pid of a process that has exited). */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => child.on("exit", resolve));
    return child.pid as number;
  }

  it("records the owner's pid and host in the lock, and removes both on release", async () => {
    const release = await lockDataDir(dataDir);
    expect(readLockOwner(lockPath())).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    await release();
    expect(fs.existsSync(lockPath())).toBe(false);
  });

  it("is taken over at once when its owner was killed with SIGKILL", async () => {
    const holder = await lockHolder(dataDir);
    expect(readLockOwner(lockPath())?.pid).toBe(holder.child.pid);
    holder.child.kill("SIGKILL");
    await holder.exited;
    expect(fs.existsSync(lockPath())).toBe(true); // left behind, and fresh

    const release = await lockDataDir(dataDir);
    expect(readLockOwner(lockPath())?.pid).toBe(process.pid);
    await release();
  });

  it("refuses while its owner lives, and is free once the owner stops", async () => {
    const holder = await lockHolder(dataDir);
    holders.push(holder);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`The data folder ${dataDir} is in use`);
    expect(readLockOwner(lockPath())?.pid).toBe(holder.child.pid);

    holder.child.kill("SIGTERM");
    await holder.exited;
    const release = await lockDataDir(dataDir);
    await release();
  });

  it("refuses a fresh lock of a process on another host, even with a pid that does not exist here", async () => {
    leaveLock({ pid: await deadPid(), hostname: `not-${os.hostname()}`, pidNamespace: null, token: "t" });
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
    expect(fs.existsSync(path.join(lockPath(), ownerFileName))).toBe(true);
  });

  it("refuses a fresh lock from another PID namespace on this host (a container) and one with no owner recorded", async () => {
    const here = readlinkOrNull();
    leaveLock({ pid: await deadPid(), hostname: os.hostname(), pidNamespace: `${here}-other`, token: "t" });
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
    fs.rmSync(lockPath(), { recursive: true });

    leaveLock(undefined);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
    fs.rmSync(lockPath(), { recursive: true });

    leaveLock({
      pid: "1; rm -rf /" as unknown as number,
      hostname: os.hostname(),
      pidNamespace: here,
      token: "t",
    });
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
  });

  it("takes a dead owner's lock left on this host by its record alone", async () => {
    leaveLock({ pid: await deadPid(), hostname: os.hostname(), pidNamespace: readlinkOrNull(), token: "t" });
    const release = await lockDataDir(dataDir);
    expect(readLockOwner(lockPath())?.pid).toBe(process.pid);
    await release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("still takes any lock not refreshed for 15 s (an owner on another host that died)", async () => {
    leaveLock({ pid: 4242, hostname: `not-${os.hostname()}`, pidNamespace: null, token: "t" }, 20_000);
    const release = await lockDataDir(dataDir);
    expect(readLockOwner(lockPath())?.pid).toBe(process.pid);
    await release();
  });
});

function readlinkOrNull(): string | null {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return null;
  }
}
