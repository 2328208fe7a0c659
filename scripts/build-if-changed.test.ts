// `npm start`'s build step (build-if-changed.mjs), run as npm start runs it, in a project of its own
// whose `npm run build` only counts its runs and writes the build's outputs.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "build-if-changed.mjs");
const run = promisify(execFile);

const fakeBuild = `
import fs from "node:fs";
if (fs.existsSync("fail")) process.exit(3);
fs.appendFileSync("builds.log", "built\\n");
for (const file of ["dist/server/main.js", "dist/web/index.html", "dist/web-ssr/entry-server.js"]) {
  fs.mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
  fs.writeFileSync(file, "");
}
`;

const projects: string[] = [];
afterEach(() => {
  for (const dir of projects.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function project(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-if-changed-"));
  projects.push(dir);
  const files: Record<string, string> = {
    "package.json": JSON.stringify({
      name: "shop",
      private: true,
      scripts: { build: "node fake-build.mjs" },
    }),
    "package-lock.json": "{}",
    "fake-build.mjs": fakeBuild,
    "server/main.ts": "export const a = 1;",
    "server/main.test.ts": "// a test",
    "web/src/App.tsx": "export const b = 2;",
    "contract/money.ts": "export const c = 3;",
  };
  for (const [file, text] of Object.entries(files)) write(dir, file, text);
  return dir;
}

function write(dir: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}

/** `npm start`'s first step in `dir`: what it printed. */
async function start(dir: string): Promise<string> {
  const { stdout } = await run(process.execPath, [script], { cwd: dir });
  return stdout;
}

const builds = (dir: string) =>
  fs.existsSync(path.join(dir, "builds.log"))
    ? fs.readFileSync(path.join(dir, "builds.log"), "utf8").split("\n").filter(Boolean).length
    : 0;

it("builds on the first start, skips the build when nothing changed, and builds again after a change", async () => {
  const dir = project();
  await start(dir);
  expect(builds(dir)).toBe(1);
  expect(await start(dir)).toContain("The build in dist/ is up to date");
  expect(builds(dir)).toBe(1);

  write(dir, "server/main.ts", "export const a = 2;");
  await start(dir);
  expect(builds(dir)).toBe(2);

  // A new source file, and a changed lockfile, are changes too.
  write(dir, "web/src/NewPage.tsx", "export const d = 4;");
  await start(dir);
  write(dir, "package-lock.json", '{"lockfileVersion":3}');
  await start(dir);
  expect(builds(dir)).toBe(4);

  // A test is not part of the build.
  write(dir, "server/main.test.ts", "// another test");
  await start(dir);
  expect(builds(dir)).toBe(4);

  // The build's outputs removed by hand: built again.
  fs.rmSync(path.join(dir, "dist/web"), { recursive: true });
  await start(dir);
  expect(builds(dir)).toBe(5);
}, 60_000);

it("a failed build stops the start and is tried again on the next one", async () => {
  const dir = project();
  await start(dir);
  write(dir, "server/main.ts", "export const a = 'broken';");
  write(dir, "fail", "");
  await expect(start(dir)).rejects.toMatchObject({ code: 3 });
  fs.rmSync(path.join(dir, "fail"));
  // The same sources as the failed attempt: built, not skipped.
  await start(dir);
  expect(builds(dir)).toBe(2);
}, 60_000);
