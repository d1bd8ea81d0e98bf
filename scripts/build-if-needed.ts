/**
 * `npm start` builds only when the sources changed since the last build: a SHA-256 over every
 * input of `next build` is kept in .next/porta-build-stamp.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const INPUT_DIRS = ["app", "components", "i18n", "lib", "public", "server"];
const INPUT_FILES = ["next.config.js", "proxy.ts", "postcss.config.mjs", "package-lock.json", "tsconfig.json", "tsconfig.build.json", "prisma/schema.prisma"];

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
}

export function sourceStamp(root: string): string {
  const files: string[] = [];
  for (const dir of INPUT_DIRS) walk(path.join(root, dir), files);
  for (const file of INPUT_FILES) if (existsSync(path.join(root, file))) files.push(path.join(root, file));
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    hash.update(path.relative(root, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export function buildIfNeeded(root: string): { built: boolean; ms: number } {
  const started = Date.now();
  const stampFile = path.join(root, ".next", "porta-build-stamp");
  const current = sourceStamp(root);
  const upToDate =
    existsSync(path.join(root, ".next", "BUILD_ID")) &&
    existsSync(stampFile) &&
    statSync(stampFile).isFile() &&
    readFileSync(stampFile, "utf8").trim() === current;
  if (upToDate) return { built: false, ms: Date.now() - started };
  console.log("Building the web application (first start, or the sources changed)...");
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("next build failed");
    process.exit(result.status ?? 1);
  }
  // next build may touch tsconfig.json; stamp what is there now.
  writeFileSync(stampFile, sourceStamp(root));
  return { built: true, ms: Date.now() - started };
}
