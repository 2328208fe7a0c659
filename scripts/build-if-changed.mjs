// `npm start`: builds the shop only when what the build reads has changed since the build in dist/.
// The build's inputs (the sources, the configs, the lockfile) are hashed, names and contents; a
// build that succeeds stamps its hash into dist/, and a start that finds the same hash (and the
// build's outputs) skips the build, so a second start (after `npm run make-admin`, say) answers at
// once instead of rebuilding everything. Plain Node, so the check itself starts in a moment.
// Run from the project's root (npm does); the build is that project's `npm run build`.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What `npm run build` reads: folders (walked) and files, relative to the project's root. */
const inputs = [
  "contract",
  "server",
  "web",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "vite.ssr.config.ts",
  "vite.server.config.ts",
];

/** What the build writes, each checked to be there: a dist/ emptied by hand is built again. */
const outputs = ["dist/server/main.js", "dist/web/index.html", "dist/web-ssr/entry-server.js"];

const stampFile = "dist/build-inputs.sha256";

/** Tests are no input of the build: changing one needs no new build. */
const skipped = (name) => name === "node_modules" || name.startsWith(".") || /\.test\.tsx?$/.test(name);

/** Every input file under `relative`, in a fixed order. */
function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => !skipped(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}

/** The hash of the build's inputs at `root`: each file's path and contents. */
function inputsHash(root) {
  const hash = crypto.createHash("sha256");
  for (const file of inputs.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const root = process.cwd();
const stamp = path.join(root, stampFile);
const hash = inputsHash(root);
const built = fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8").trim() === hash;
if (built && outputs.every((file) => fs.existsSync(path.join(root, file)))) {
  console.log("The build in dist/ is up to date: starting it.");
} else {
  // No stamp while building: a build stopped halfway is built again next time.
  fs.rmSync(stamp, { force: true });
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) {
    console.error("The build failed: the shop was not started.");
    process.exit(build.status ?? 1);
  }
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${hash}\n`);
}
