import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "porta-lock-"));
  dirs.push(dir);
  return dir;
}

describe("lockDataDir", () => {
  it("refuses a second lock while the first is held, and allows one after release", () => {
    const dir = newDir();
    const release = lockDataDir(dir);
    // The same process: the owner's pid is alive, so the lock stands.
    writeFileSync(path.join(dir, "porta.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    writeFileSync(path.join(dir, "porta.lock"), String(process.pid));
    release();
    expect(existsSync(path.join(dir, "porta.lock"))).toBe(false);
    lockDataDir(dir)();
  });

  it("takes over a lock whose process no longer exists", () => {
    const dir = newDir();
    writeFileSync(path.join(dir, "porta.lock"), "2147483646");
    const release = lockDataDir(dir);
    release();
    expect(existsSync(path.join(dir, "porta.lock"))).toBe(false);
  });

  it("a released lock leaves no exit listener behind (a process may open and close databases many times)", () => {
    const before = process.listenerCount("exit");
    for (let i = 0; i < 25; i++) lockDataDir(newDir())();
    expect(process.listenerCount("exit")).toBe(before);
  });
});
