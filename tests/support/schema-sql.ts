import { createHash } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { diffSql } from "../../scripts/prisma-migration-diff.mjs";
import { waitFor } from "./wait-for";

const SCHEMA = path.resolve(__dirname, "../../prisma/schema.prisma");

/**
 * The SQL that builds schema.prisma from nothing (Prisma's from-empty diff), made once per test run:
 * Prisma's CLI costs tens of CPU-seconds, and both database projects run the migrations test. The
 * first caller writes it into the run's directory (vitest.config.ts makes it, shared by every
 * project), keyed by the schema's hash; another caller meanwhile waits for the file. Outside a
 * Vitest run it is made each time.
 */
export async function fromEmptySql(): Promise<string> {
  const dir = process.env.PORTA_TEST_PORTS_DIR;
  if (!dir) return diffSql({ fromEmpty: true });
  const key = createHash("sha256").update(readFileSync(SCHEMA)).digest("hex").slice(0, 16);
  const file = path.join(dir, `from-empty-${key}.sql`);
  let mine = false;
  try {
    closeSync(openSync(`${file}.lock`, "wx"));
    mine = true;
  } catch {
    // another file of the run makes it
  }
  if (mine) {
    const sql = await diffSql({ fromEmpty: true });
    writeFileSync(`${file}.part`, sql);
    renameSync(`${file}.part`, file);
    return sql;
  }
  if (!(await waitFor(() => existsSync(file), 120_000, 250))) throw new Error("the migrations test that makes the from-empty SQL did not finish it");
  return readFileSync(file, "utf8");
}
