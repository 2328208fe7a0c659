// `npm ci` on this project's machines refuses a lock written by `npm install` ("Missing: ... from
// lock file"): the registry mirror they use only carries the Linux builds of platform-specific
// optional packages (Biome's CLI, Tailwind's oxide), so npm leaves the other platforms out of the
// lock, then its own `npm ci` check expects them. This adds an entry for each missing one, with the
// os/cpu/libc its name states, so `npm ci` accepts the lock and skips them on platforms they don't
// fit (elsewhere npm fetches them by version). Run after every dependency change:
//   npm install <pkg> && node scripts/complete-lockfile.mjs
import fs from "node:fs";

const oses = ["aix", "android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "sunos", "win32"];
const cpus = ["arm", "arm64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "x64"];
const libcs = { musl: "musl", gnu: "glibc" };

function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.find((t) => oses.includes(t));
  const cpu = tokens.find((t) => cpus.includes(t));
  const libc = tokens.map((t) => libcs[t]).find(Boolean);
  return { ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}), ...(os ? { os: [os] } : {}) };
}

const lockUrl = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockUrl, "utf8"));
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    lock.packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
fs.writeFileSync(lockUrl, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform package entries`);
