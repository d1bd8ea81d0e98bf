/**
 * On PostgreSQL, Database.query runs each statement text as a named prepared statement of the
 * connection (parsed and planned once), unless DATABASE_PREPARED_STATEMENTS is off; past a bound
 * of distinct texts it runs them unnamed, so a connection never fills with statements.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db/client";
import { createPostgresDatabase } from "../support/databases";

const PREPARED = `SELECT name, statement FROM pg_prepared_statements ORDER BY name`;

let scratch: { url: string; drop(): Promise<void> };

beforeAll(async () => {
  scratch = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
});

afterAll(async () => {
  await scratch.drop();
});

/** The prepared statements of the pool's one connection. */
async function preparedOf(database: Database): Promise<{ name: string; statement: string }[]> {
  return database.query<{ name: string; statement: string }>(PREPARED);
}

describe("prepared statements", () => {
  it("a statement is prepared once per connection and reused with other parameters", async () => {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    try {
      const sql = "SELECT $1::int + 1 AS n";
      expect(await database.query(sql, [1])).toEqual([{ n: 2 }]);
      expect(await database.query(sql, [41])).toEqual([{ n: 42 }]);
      const prepared = await preparedOf(database);
      expect(prepared.filter((p) => p.statement === sql)).toHaveLength(1);
      expect(prepared.every((p) => p.name.startsWith("porta_"))).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("off: every statement runs unnamed", async () => {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1, preparedStatements: false });
    try {
      expect(await database.query("SELECT $1::int * 2 AS n", [21])).toEqual([{ n: 42 }]);
      expect(await preparedOf(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("past 200 distinct texts the rest run unnamed", async () => {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    try {
      for (let i = 0; i < 250; i++) expect(await database.query(`SELECT $1::int + ${i} AS n`, [1])).toEqual([{ n: 1 + i }]);
      const prepared = await preparedOf(database);
      // The listing query itself was the 251st text: unnamed as well.
      expect(prepared).toHaveLength(200);
      expect(prepared.some((p) => p.statement === "SELECT $1::int + 249 AS n")).toBe(false);
    } finally {
      await database.close();
    }
  });
});
