/**
 * The database: PostgreSQL (DATABASE_URL, through @prisma/adapter-pg) or, by default, an embedded
 * PGlite stored in DATA_DIR. Both run the same Prisma schema and migrations.
 *
 * One Database per process, kept on globalThis: the custom server and the Next.js bundle load
 * lib/ as separate module graphs, and both must use the same connection (PGlite above all).
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { config } from "../config";
import { lockDataDir } from "./data-dir-lock";
import { PrismaClient } from "./generated/client";

export type DatabaseKind = "embedded" | "postgres";

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** Runs a multi-statement SQL script in one transaction (migrations): all of it or nothing. */
  execScript(sql: string): Promise<void>;
  /**
   * Runs one parameterised query and returns its rows. (Unnamed statements only: named prepared
   * statements would tie a statement to a server connection, which transaction-mode PgBouncer
   * does not keep; docs/scaling.md.)
   */
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` while holding a database-wide lock (advisory lock on PostgreSQL). */
  withExclusiveLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openEmbedded(options.dataDir ?? path.resolve(".data"));
}

async function openEmbedded(dataDir: string): Promise<Database> {
  const pgDir = path.join(dataDir, "pglite");
  const release = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create(pgDir);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    let queue: Promise<unknown> = Promise.resolve();
    return {
      kind: "embedded",
      prisma,
      async execScript(sql) {
        await pglite.transaction(async (tx) => {
          await tx.exec(sql);
        });
      },
      async query(sql, params = []) {
        const result = await pglite.query<Record<string, unknown>>(sql, params);
        return result.rows as never;
      },
      // One process owns the embedded database (the data-dir lock); serialising is enough.
      withExclusiveLock(fn) {
        const run = queue.then(fn, fn);
        queue = run.catch(() => undefined);
        return run;
      },
      async close() {
        await prisma.$disconnect();
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

const MIGRATION_LOCK_KEY = 7_305_118_001; // arbitrary, fixed: Porta's advisory lock id

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  pool.on("error", () => undefined); // idle-client errors surface on the next query instead
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    prisma,
    async execScript(sql) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query(sql);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async query(sql, params = []) {
      const result = await pool.query(sql, params);
      return result.rows as never;
    },
    // The lock lives on its own connection, outside the pool: the work inside may use every
    // pooled connection (a pool of one would otherwise deadlock).
    async withExclusiveLock(fn) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await client.end().catch(() => undefined); // ending the session releases the lock
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

const globalKey = Symbol.for("porta.database");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Database> };

/** The process's database, opened from the configuration on first use. */
export function db(): Promise<Database> {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    const cfg = config();
    g[globalKey] = openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, poolSize: cfg.databasePoolSize });
    g[globalKey].catch(() => {
      delete g[globalKey];
    });
  }
  return g[globalKey];
}

/** Shortcut for the Prisma client of the process database. */
export async function prisma(): Promise<PrismaClient> {
  return (await db()).prisma;
}

/** Installs an already-open database as the process database (start-up, tests). */
export function setProcessDatabase(database: Database): void {
  (globalThis as GlobalWithDb)[globalKey] = Promise.resolve(database);
}

export async function closeProcessDatabase(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const current = g[globalKey];
  delete g[globalKey];
  if (current) await (await current).close();
}
