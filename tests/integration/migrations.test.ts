/**
 * The migrations in prisma/migrations build exactly the schema that schema.prisma describes:
 * a database migrated from them and one built straight from schema.prisma (Prisma's own
 * from-empty diff) have identical columns, constraints, indexes and enums.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../lib/db/client";
import { migrate, readMigrations } from "../../lib/db/migrate";
import { diffSql } from "../../scripts/prisma-migration-diff.mjs";
import { describeSchema } from "../support/catalog";
import { createPostgresDatabase } from "../support/databases";

const onPostgres = process.env.PORTA_TEST_DB === "postgres";

describe("migrations", () => {
  it("build a database identical to schema.prisma", { timeout: 120_000 }, async () => {
    const fromSchema = diffSql({ fromEmpty: true }) as string;
    expect(fromSchema).toMatch(/CREATE TABLE "Application"/);

    if (onPostgres) {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const a = await createPostgresDatabase(adminUrl);
      const b = await createPostgresDatabase(adminUrl);
      try {
        const migrated = await openDatabase({ databaseUrl: a.url, poolSize: 2 });
        await migrate(migrated);
        const left = await describeSchema((sql) => migrated.query(sql));
        await migrated.close();
        const direct = new pg.Client({ connectionString: b.url });
        await direct.connect();
        await direct.query(fromSchema);
        const right = await describeSchema(async (sql) => (await direct.query(sql)).rows);
        await direct.end();
        expect(left.columns.length).toBeGreaterThan(50);
        expect(left).toEqual(right);
      } finally {
        await a.drop();
        await b.drop();
      }
      return;
    }

    const dir = mkdtempSync(path.join(tmpdir(), "porta-migrations-"));
    try {
      const migrated = await openDatabase({ dataDir: dir });
      await migrate(migrated);
      const left = await describeSchema((sql) => migrated.query(sql));
      await migrated.close();
      const direct = await PGlite.create();
      await direct.exec(fromSchema);
      const right = await describeSchema(async (sql) => (await direct.query<Record<string, unknown>>(sql)).rows);
      await direct.close();
      expect(left.columns.length).toBeGreaterThan(50);
      expect(left).toEqual(right);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("are recorded in Prisma's history table, and a second run applies nothing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "porta-migrations-"));
    try {
      const database = await openDatabase({ dataDir: dir });
      const first = await migrate(database);
      const all = await readMigrations();
      expect(first).toEqual(all.map((m) => m.name));
      expect(await migrate(database)).toEqual([]);
      const rows = await database.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      expect(rows).toEqual(all.map((m) => ({ migration_name: m.name, checksum: m.checksum })));
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuse a migration that was edited after it was applied", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "porta-migrations-"));
    try {
      const database = await openDatabase({ dataDir: dir });
      const all = await readMigrations();
      await migrate(database, all);
      const edited = all.map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
      await expect(migrate(database, edited)).rejects.toThrow(/changed after it was applied/);
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("roll back a failing migration completely, recording nothing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "porta-migrations-"));
    try {
      const database = await openDatabase({ dataDir: dir });
      await migrate(database);
      const broken = { name: "29990101000000_broken", sql: `CREATE TABLE "Half" (id INT); SELECT no_such_function();`, checksum: "x".repeat(64) };
      await expect(migrate(database, [...(await readMigrations()), broken])).rejects.toThrow(/29990101000000_broken failed/);
      const half = await database.query(`SELECT to_regclass('public."Half"') AS t`);
      expect(half[0]?.t).toBeNull();
      const recorded = await database.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '29990101000000_broken'`);
      expect(recorded).toHaveLength(0);
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
