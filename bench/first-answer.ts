// How long a newcomer waits: the built server (dist/server/main.js, `npm run build` first) started on
// a fresh data folder, timed from the spawn to its first 200 from /api/health, with the CPU time the
// server had used by then (Linux; the figure other processes' load changes least). Each Node given
// runs BENCH_RUNS times (default 3), interleaved, and prints the medians: with its module compile
// cache emptied before each run (a first start after a build) and kept from the run before (every
// start after it). Not a test: the figures depend on the machine and its load.
//
//   npm run bench:first-answer                      the Node of the npm scripts (node_modules/.bin/node)
//   npm run bench:first-answer -- /usr/bin/node     …and another one beside it, e.g. the system's Node 20
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compileCacheDir } from "../server/runtime/compile-cache";
import { freePort } from "../server/test/free-port";
import { root, stop } from "./harness";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const nodes = [process.execPath, ...process.argv.slice(2)];
const entry = path.join(root, "dist/server/main.js");
if (!fs.existsSync(entry)) throw new Error("Run `npm run build` first: dist/server/main.js is missing");

type Start = { seconds: number; cpuSeconds: number };

/** User and system CPU time a process has used so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function firstAnswer(node: string, cache: "emptied" | "kept"): Promise<Start> {
  if (cache === "emptied") fs.rmSync(compileCacheDir, { recursive: true, force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-first-answer-"));
  const port = await freePort();
  const startedAt = performance.now();
  const child: ChildProcess = spawn(node, [entry], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    while (child.exitCode === null) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok)
        return { seconds: (performance.now() - startedAt) / 1000, cpuSeconds: cpuSecondsOf(child.pid ?? 0) };
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${node} ${entry} exited with ${child.exitCode} before answering`);
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const versionOf = (node: string) => execFileSync(node, ["-v"], { encoding: "utf8" }).trim();

const starts = new Map<string, Start[]>();
for (let run = 0; run < runs; run++) {
  for (const node of nodes) {
    for (const cache of ["emptied", "kept"] as const) {
      const label = `${versionOf(node)} (${node}), compile cache ${cache}`;
      starts.set(label, [...(starts.get(label) ?? []), await firstAnswer(node, cache)]);
    }
  }
}
const shown = (values: number[]) =>
  `${median(values).toFixed(2)} s [${values.map((v) => v.toFixed(2)).join(", ")}]`;
const load = os.loadavg()[0]?.toFixed(1);
console.log(
  `First 200 from /api/health on a fresh data folder, median of ${runs} (${os.cpus().length} cores, load ${load}):`,
);
for (const [label, values] of starts) {
  console.log(`  ${label}`);
  console.log(
    `    first 200 after ${shown(values.map((v) => v.seconds))}, CPU ${shown(values.map((v) => v.cpuSeconds))}`,
  );
}
