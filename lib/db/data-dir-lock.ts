/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * This lock (an exclusive-create file holding the owner's pid) lets exactly one process open it;
 * a lock left by a process that no longer exists is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/** Takes the lock or throws DataDirInUseError. Returns the release function. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "porta.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener("exit", release);
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is in use by process ${owner}; stop it, or set DATA_DIR or DATABASE_URL`,
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirInUseError(`Could not lock ${dir}`);
}
