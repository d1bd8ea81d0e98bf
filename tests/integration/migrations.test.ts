/**
 * The migrations in prisma/migrations build exactly the schema that schema.prisma describes:
 * a database migrated from them and one built straight from schema.prisma (Prisma's own
 * from-empty diff) have identical columns, constraints, indexes and enums. Each project runs them on
 * its own kind of database: a new PGlite directory, or a new PostgreSQL database.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db/client";
import { migrate, readMigrations } from "../../lib/db/migrate";
import { describeSchema, type SchemaDescription } from "../support/catalog";
import { createPostgresDatabase } from "../support/databases";
import { fromEmptySql } from "../support/schema-sql";

const onPostgres = process.env.PORTA_TEST_DB === "postgres";

/** An empty database of the kind this project runs on (a new PGlite directory, or a new PostgreSQL database). */
async function emptyDatabase(): Promise<{ database: Database; remove(): Promise<void> }> {
  if (onPostgres) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    return {
      database,
      async remove() {
        await database.close();
        await created.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "porta-migrations-"));
  // A copy of the run's empty cluster (global-setup.ts): what initdb would make, without its cost.
  cpSync(inject("emptyEmbeddedCluster"), path.join(dir, "pglite"), { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    async remove() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The same schema built straight from Prisma's from-empty SQL, in an empty database of the same kind. */
async function describeDirect(fromSchema: string): Promise<SchemaDescription> {
  const { database, remove } = await emptyDatabase();
  try {
    await database.execScript(fromSchema);
    return await describeSchema((sql) => database.query(sql));
  } finally {
    await remove();
  }
}

describe("migrations", () => {
  it("build a database identical to schema.prisma", { timeout: 120_000 }, async () => {
    // Prisma's CLI takes its time: it runs while the migrations are applied.
    const fromSchema = fromEmptySql();
    const { database, remove } = await emptyDatabase();
    try {
      await migrate(database);
      const left = await describeSchema((sql) => database.query(sql));
      const sql = await fromSchema;
      expect(sql).toMatch(/CREATE TABLE "Application"/);
      const right = await describeDirect(sql);
      expect(left.columns.length).toBeGreaterThan(50);
      expect(left).toEqual(right);
    } finally {
      await remove();
    }
  });

  it("are recorded in Prisma's history table, and a second run applies nothing", async () => {
    const { database, remove } = await emptyDatabase();
    try {
      const first = await migrate(database);
      const all = await readMigrations();
      expect(first).toEqual(all.map((m) => m.name));
      expect(await migrate(database)).toEqual([]);
      const rows = await database.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      expect(rows).toEqual(all.map((m) => ({ migration_name: m.name, checksum: m.checksum })));
    } finally {
      await remove();
    }
  });

  it("refuse a migration that was edited after it was applied", async () => {
    const { database, remove } = await emptyDatabase();
    try {
      const all = await readMigrations();
      await migrate(database, all);
      const edited = all.map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
      await expect(migrate(database, edited)).rejects.toThrow(/changed after it was applied/);
    } finally {
      await remove();
    }
  });

  it("roll back a failing migration completely, recording nothing", async () => {
    const { database, remove } = await emptyDatabase();
    try {
      await migrate(database);
      const broken = { name: "29990101000000_broken", sql: `CREATE TABLE "Half" (id INT); SELECT no_such_function();`, checksum: "x".repeat(64) };
      await expect(migrate(database, [...(await readMigrations()), broken])).rejects.toThrow(/29990101000000_broken failed/);
      const half = await database.query(`SELECT to_regclass('public."Half"') AS t`);
      expect(half[0]?.t).toBeNull();
      const recorded = await database.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '29990101000000_broken'`);
      expect(recorded).toHaveLength(0);
    } finally {
      await remove();
    }
  });
});
