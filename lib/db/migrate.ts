/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in order, recording each in Prisma's
 * standard `_prisma_migrations` table, so `prisma migrate status` reads the same history.
 * Runs under the database-wide lock: instances starting together do not race.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "./client";

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = path.resolve("prisma", "migrations")): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory() && /^\d{14}_\w+$/.test(e.name)).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(database: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  return database.withExclusiveLock(async () => {
    await database.execScript(CREATE_TABLE);
    const rows = await database.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    const applied: string[] = [];
    for (const migration of all) {
      const previous = done.get(migration.name);
      if (previous) {
        if (!previous.finished_at) {
          throw new MigrationError(`Migration ${migration.name} started earlier but did not finish; resolve it by hand`);
        }
        if (previous.checksum !== migration.checksum) {
          throw new MigrationError(`Migration ${migration.name} was changed after it was applied`);
        }
        continue;
      }
      // The history row is written in the migration's own transaction: both or neither.
      const record = `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
        VALUES ('${randomUUID()}', '${migration.checksum}', now(), '${migration.name}', now(), 1);`;
      try {
        await database.execScript(`${migration.sql}\n;\n${record}`);
      } catch (error) {
        throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
    return applied;
  });
}
