// The JavaScript a first visit to / needs before its first render, gzipped as the build serves it:
// index.html's loader entry, the home page's chunk and every chunk they import statically (not the
// ones they load later). `npm run lighthouse` prints it; e2e/first-visit-budget.spec.ts holds it to
// the 100 kB budget (issue 25). A size, not a time: the same build always gives the same figure.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The first visit's budget, in kB as Vite prints them (1000 bytes). */
export const firstVisitBudgetBytes = 100_000;

export const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** kB as Vite prints them (1000 bytes), the unit of the 100 kB budget. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The chunks a chunk imports statically (`import … from "./x.js"`), not the ones it loads later. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, "utf8");
  const found = code.matchAll(
    /(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g,
  );
  return [...found].map((m) => path.join(path.dirname(file), m[1] ?? ""));
}

/** The entry, the home page's chunk and everything they import statically, in the web build `distDir`. */
export function firstRenderJs(distDir: string): { files: string[]; bytes: number } {
  const html = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
  const entry = /"entry":"\/([^"]+)"/.exec(html)?.[1]; // index.html's loader (vite.config.ts)
  const home = fs.readdirSync(path.join(distDir, "assets")).find((f) => /^HomePage-[\w-]+\.js$/.test(f));
  if (!entry || !home) throw new Error("cannot find the entry or the home page chunk in dist/web");
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of staticImports(file)) visit(imported);
  };
  visit(path.join(distDir, entry));
  visit(path.join(distDir, "assets", home));
  const files = [...seen];
  return { files, bytes: files.reduce((sum, f) => sum + gzipSize(f), 0) };
}
