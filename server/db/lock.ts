import fs from "node:fs";
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

/**
 * Takes an exclusive lock on the data folder for the life of this process. PGlite has no lock
 * of its own, and two processes on one folder corrupt it. The lock is refreshed while we run
 * and counts as stale 15 s after a process died without releasing it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "server.lock"),
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised: (err) => {
        // Someone removed or took our lock: stop before two processes write the same files.
        console.error(`Lost the lock on ${dataDir}: ${err.message}. Stopping.`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") throw new DataDirInUseError(dataDir);
    throw err;
  }
}
