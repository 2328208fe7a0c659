// A PostgreSQL server of a test's own (initdb into a temporary folder, on a free port), which the
// test may restart as a managed database's maintenance or failover does. Not a test file itself.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../test/free-port";

/** Where initdb and pg_ctl are: POSTGRES_BIN, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function postgresBinDir(): string | undefined {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => fs.existsSync(path.join(debian, v, "bin/pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] === undefined ? undefined : path.join(debian, versions[0], "bin");
}

/** PostgreSQL refuses to run as root: the server runs as this user when the test runs as root. */
const serverUser = "postgres";
const asRoot = process.getuid?.() === 0;

/** Why a PostgreSQL of its own cannot run here ("" when it can), with how to install it. */
export function ownPostgresProblem(): string {
  const bin = postgresBinDir();
  if (!bin)
    return "PostgreSQL's initdb and pg_ctl are not installed (Debian: apt-get install postgresql, or set POSTGRES_BIN)";
  if (asRoot) {
    try {
      execFileSync("id", [serverUser], { stdio: "ignore" });
    } catch {
      return `running as root, and there is no '${serverUser}' user to run PostgreSQL as`;
    }
  }
  return "";
}

/** The program and arguments that run one of PostgreSQL's commands as the server's user. */
function asServerUser(bin: string, command: string, args: string[]): [string, string[]] {
  const file = path.join(bin, command);
  return asRoot ? ["runuser", ["-u", serverUser, "--", file, ...args]] : [file, args];
}

const runAsync = promisify(execFile);

export type OwnPostgres = {
  /** The `postgres` database, reached over TCP on 127.0.0.1. */
  url: string;
  /** `pg_ctl restart -m fast`: open connections are terminated; resolves once it accepts connections again. */
  restart(): Promise<void>;
  stop(): void;
  log(): string;
};

/** initdb into a new temporary folder and start it on a free port (trust authentication, loopback only). */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(ownPostgresProblem());
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cm-own-postgres-"));
  if (asRoot) execFileSync("chown", [serverUser, folder]);
  const dataDir = path.join(folder, "data");
  const logFile = path.join(folder, "postgres.log");
  const port = await freePort();
  execFileSync(...asServerUser(bin, "initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync"]));
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    asServerUser(bin, "pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", ...args]);
  execFileSync(...pgCtl("start"));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => void (await runAsync(...pgCtl("restart", "-m", "fast"))),
    stop: () => {
      try {
        execFileSync(...pgCtl("stop", "-m", "immediate"));
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
  };
}
