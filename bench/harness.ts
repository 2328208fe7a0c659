import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import autocannon from "autocannon";

export const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** Starts a TypeScript entry point as its own process (so it does not share the load generator's core). */
export function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(tsx, [entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout?.resume();
  return child;
}

export async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export type Measure = { reqPerSec: number; p99: number; errors: number; non2xx: number };

export async function load(options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections: 10, duration: 10, ...options });
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printRow(name: string, m: Measure): void {
  console.log(
    `${name.padEnd(34)} ${m.reqPerSec.toFixed(0).padStart(8)} req/s   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors + m.non2xx}`,
  );
}
