import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another Car Mechanic server. ` +
        "Two servers on one embedded database would destroy it: stop the other server, " +
        "or start this one with another DATA_DIR (or a DATABASE_URL).",
    );
    this.name = "DataDirInUseError";
  }
}

/** Who holds a lock: written inside the lock directory the moment it is created. */
export type LockOwner = {
  pid: number;
  hostname: string;
  /** The owner's PID namespace (Linux): a container on the same host may reuse our pids. */
  pidNamespace: string | null;
  /** Tells this holder's lock from a later one by the same pid. */
  token: string;
};

export const lockDirName = "server.lock";
export const ownerFileName = "owner.json";
/** A lock not refreshed for this long counts as abandoned, whoever holds it (another host, a hung process). */
const staleMs = 15_000;

/**
 * Takes an exclusive lock on the data folder for the life of this process. PGlite has no lock
 * of its own, and two processes on one folder corrupt it. The lock is a directory
 * (proper-lockfile) with its owner's pid and host inside, refreshed while we run. A lock whose
 * owner is provably dead (same host and PID namespace, and no process with its pid) is taken
 * over at once; any other lock counts as abandoned only 15 s after its last refresh.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockDirName);
  const me: LockOwner = { ...thisProcess(), token: crypto.randomBytes(16).toString("hex") };
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: staleMs,
      update: 5_000,
      realpath: false,
      fs: withOwnerFile(me),
      onCompromised: (err) => {
        // Someone removed or took our lock: stop before two processes write the same files.
        console.error(`Lost the lock on ${dataDir}: ${err.message}. Stopping.`);
        process.exit(1);
      },
    });
  const inUse = (err: unknown) => (err as NodeJS.ErrnoException).code === "ELOCKED";

  try {
    return await take();
  } catch (err) {
    if (!inUse(err)) throw err;
  }
  if (!removeDeadOwnersLock(lockPath)) throw new DataDirInUseError(dataDir);
  try {
    return await take();
  } catch (err) {
    // Another process took the freed lock first.
    if (inUse(err)) throw new DataDirInUseError(dataDir);
    throw err;
  }
}

/** This process as a lock owner (without its token). */
export function thisProcess(): Omit<LockOwner, "token"> {
  return { pid: process.pid, hostname: os.hostname(), pidNamespace: pidNamespace() };
}

function pidNamespace(): string | null {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return null; // not Linux: the host name alone tells hosts apart
  }
}

/** The owner recorded in a lock directory; undefined when there is none (yet) or it cannot be read. */
export function readLockOwner(lockPath: string): LockOwner | undefined {
  try {
    const o = JSON.parse(fs.readFileSync(path.join(lockPath, ownerFileName), "utf8"));
    const valid =
      Number.isSafeInteger(o?.pid) &&
      o.pid > 0 &&
      typeof o.hostname === "string" &&
      (o.pidNamespace === null || typeof o.pidNamespace === "string") &&
      typeof o.token === "string";
    return valid ? o : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Only a process on this host, in this PID namespace, whose pid no longer exists is known to be
 * dead. Anything else (another host, a live pid even if reused, no permission to ask) may be alive.
 */
export function isProvablyDead(owner: LockOwner): boolean {
  const here = thisProcess();
  if (owner.hostname !== here.hostname || owner.pidNamespace !== here.pidNamespace) return false;
  if (owner.pid === here.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Removes the lock at `lockPath` if its owner is provably dead; true when it is gone. The lock is
 * first moved aside in one atomic rename, and removed only if it is still the dead owner's: a
 * process that took the lock in between gets it back untouched.
 */
function removeDeadOwnersLock(lockPath: string): boolean {
  const owner = readLockOwner(lockPath);
  if (!owner || !isProvablyDead(owner)) return false;
  const aside = `${lockPath}.dead-${owner.pid}-${crypto.randomBytes(4).toString("hex")}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    // Already gone (another process cleared it): try to take it.
    return (err as NodeJS.ErrnoException).code === "ENOENT";
  }
  if (readLockOwner(aside)?.token !== owner.token) {
    try {
      fs.renameSync(aside, lockPath);
    } catch {
      // A third process holds the folder now; the one we moved notices its lost lock and stops.
    }
    return false;
  }
  fs.rmSync(aside, { recursive: true, force: true });
  return true;
}

/**
 * The file system proper-lockfile uses, with the owner written into the lock directory as soon
 * as it is created (before proper-lockfile sets and remembers its mtime) and removed with it.
 */
function withOwnerFile(owner: LockOwner) {
  const ownerFile = (dir: string) => path.join(dir, ownerFileName);
  return {
    ...fs,
    mkdir(dir: string, callback: (err: NodeJS.ErrnoException | null) => void) {
      fs.mkdir(dir, (err) => {
        if (err) return callback(err);
        try {
          fs.writeFileSync(ownerFile(dir), JSON.stringify(owner));
        } catch (writeErr) {
          fs.rm(dir, { recursive: true, force: true }, () => callback(writeErr as NodeJS.ErrnoException));
          return;
        }
        callback(null);
      });
    },
    rmdir(dir: string, callback: (err: NodeJS.ErrnoException | null) => void) {
      fs.rm(ownerFile(dir), { force: true }, () => fs.rmdir(dir, callback));
    },
    rmdirSync(dir: string) {
      fs.rmSync(ownerFile(dir), { force: true });
      fs.rmdirSync(dir);
    },
  };
}
