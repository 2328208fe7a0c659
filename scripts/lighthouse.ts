// npm run lighthouse: builds the web app and its server renderer, starts the shop on a fresh embedded database (a temporary
// folder, a free port), runs Lighthouse on / and /tools with the mobile and desktop presets, and
// prints the four category scores with LCP, CLS and TBT, and the JavaScript a first visit to /
// downloads. A benchmark, not a test: it fails only when something cannot run.
//
// Chromium: CHROME_PATH (default /usr/bin/chromium), with the browser tests' flags (scripts/chromium.ts).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags, type RunnerResult } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { freePort } from "../server/test/free-port";
import { chromiumArgs } from "./chromium";
import { firstRenderJs, gzipSize, kb } from "./first-visit-js";

const root = path.resolve(import.meta.dirname, "..");
// A build of its own, so a build by anyone else in this working tree cannot change it mid-run
// (LIGHTHOUSE_SKIP_BUILD=1 measures dist/web instead).
const skipBuild = process.env.LIGHTHOUSE_SKIP_BUILD === "1";
const distDir = skipBuild
  ? path.join(root, "dist/web")
  : fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-lighthouse-web-"));
// The server's renderer of the public pages (vite.ssr.config.ts), built beside it.
const ssrDir = skipBuild
  ? path.join(root, "dist/web-ssr")
  : fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-lighthouse-ssr-"));
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// LIGHTHOUSE_PAGES=/ and LIGHTHOUSE_PRESETS=mobile narrow a run; LIGHTHOUSE_SKIP_BUILD=1 uses dist/web as it is.
// Each page and preset runs LIGHTHOUSE_RUNS times (3); the run with the median performance score is
// reported, as Lighthouse advises: one run on a busy machine says little.
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const pages = (process.env.LIGHTHOUSE_PAGES ?? "/,/tools").split(",");
const presets: { name: string; config: Config | undefined }[] = [
  { name: "mobile", config: undefined },
  { name: "desktop", config: desktopConfig },
].filter((p) => (process.env.LIGHTHOUSE_PRESETS ?? "mobile,desktop").split(",").includes(p.name));
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

async function waitForHealth(baseUrl: string, shop: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (shop.exitCode !== null) throw new Error(`the shop exited with code ${shop.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the shop did not start within a minute");
}

/** The scripts Lighthouse saw the page load (no scrolling, no input), gzipped as our build serves them. */
function loadedJs(result: RunnerResult): number {
  const requests = result.lhr.audits["network-requests"]?.details;
  if (requests?.type !== "table") return 0;
  let bytes = 0;
  for (const item of requests.items) {
    if (item.resourceType !== "Script" || typeof item.url !== "string") continue;
    const file = path.join(distDir, new URL(item.url).pathname);
    if (fs.existsSync(file)) bytes += gzipSize(file);
  }
  return bytes;
}

async function main() {
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== "1") {
    console.log("Building the web app…");
    const build = spawnSync("npx", ["vite", "build", "--outDir", distDir, "--emptyOutDir"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("vite build failed");
    const ssrBuild = spawnSync(
      "npx",
      ["vite", "build", "--config", "vite.ssr.config.ts", "--outDir", ssrDir, "--emptyOutDir"],
      { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
    );
    if (ssrBuild.status !== 0) throw new Error("vite build of the page renderer failed");
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-lighthouse-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const shop = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: distDir,
      WEB_SSR_DIR: ssrDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForHealth(baseUrl, shop);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumArgs });
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    };

    const reportDir = path.join(os.tmpdir(), "car-mechanic-lighthouse-reports");
    fs.mkdirSync(reportDir, { recursive: true });
    const rows: string[] = [];
    const loaded: string[] = [];
    for (const page of pages) {
      for (const preset of presets) {
        console.log(`Lighthouse: ${page} (${preset.name}), ${runs} runs…`);
        const results: RunnerResult[] = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(`${baseUrl}${page}`, flags, preset.config);
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
          results.push(result);
        }
        const performance = (r: RunnerResult) => r.lhr.categories.performance?.score ?? 0;
        results.sort((a, b) => performance(a) - performance(b));
        const result = results[Math.floor(results.length / 2)] as RunnerResult;
        const { lhr } = result;
        const spread = results.map((r) => Math.round(performance(r) * 100)).join("/");
        const lcps = results
          .map((r) => Math.round(r.lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN))
          .sort((a, b) => a - b);
        const reportName = `${page === "/" ? "home" : page.slice(1)}-${preset.name}.json`;
        fs.writeFileSync(path.join(reportDir, reportName), JSON.stringify(lhr));
        const score = (c: (typeof categories)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        rows.push(
          [
            page.padEnd(7),
            preset.name.padEnd(8),
            ...categories.map((c) => String(score(c)).padStart(4)),
            `${Math.round(audit("largest-contentful-paint"))} ms`.padStart(9),
            audit("cumulative-layout-shift").toFixed(3).padStart(6),
            `${Math.round(audit("total-blocking-time"))} ms`.padStart(7),
            `  (performance of each run: ${spread}; LCP ${lcps.join("/")} ms, median ${lcps[Math.floor(lcps.length / 2)]})`,
          ].join("  "),
        );
        for (const c of categories) {
          for (const ref of lhr.categories[c]?.auditRefs ?? []) {
            const failed = lhr.audits[ref.id];
            if (
              ref.weight > 0 &&
              failed &&
              failed.score !== null &&
              failed.score < 1 &&
              c !== "performance"
            ) {
              rows.push(`      ${c}: ${failed.id} (${failed.title})`);
            }
          }
        }
        if (page === "/") loaded.push(`${preset.name} ${kb(loadedJs(result))}`);
      }
    }

    console.log("\npage     preset    perf  a11y    bp   seo        LCP     CLS      TBT");
    for (const row of rows) console.log(row);
    const first = firstRenderJs(distDir);
    console.log(`\nFirst visit to /, JavaScript gzipped (budget 100 kB):`);
    console.log(
      `  first render (entry + home chunk + their static imports, ${first.files.length} files): ${kb(first.bytes)}`,
    );
    console.log(`  everything loaded without scrolling or input, as Lighthouse saw it: ${loaded.join(", ")}`);
    console.log(`\nFull reports (JSON): ${reportDir}`);
  } finally {
    await chrome?.kill();
    shop.kill("SIGTERM");
    await new Promise((r) => shop.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.LIGHTHOUSE_SKIP_BUILD !== "1") fs.rmSync(distDir, { recursive: true, force: true });
  }
}

await main();
