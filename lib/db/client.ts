/**
 * The database: PostgreSQL (DATABASE_URL, through @prisma/adapter-pg) or, by default, an embedded
 * PGlite stored in DATA_DIR. Both run the same Prisma schema and migrations.
 *
 * One Database per process, kept in the process state (lib/process/state.ts): the custom server
 * and the Next.js bundle load lib/ as separate module graphs, and both must use the same
 * connection (PGlite above all).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { config } from "../config";
import { processSlot } from "../process/state";
import { lockDataDir } from "./data-dir-lock";
import { PrismaClient } from "./generated/client";

export type DatabaseKind = "embedded" | "postgres";

/** A PostgreSQL pool's connections (node-postgres's counts) and its size, for the metrics. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** Runs a multi-statement SQL script in one transaction (migrations): all of it or nothing. */
  execScript(sql: string): Promise<void>;
  /**
   * Runs one parameterised query and returns its rows. On PostgreSQL each distinct statement text
   * is a named prepared statement per connection (parsed and planned once, not per request),
   * unless OpenOptions.preparedStatements is false (docs/scaling.md: poolers).
   */
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` while holding a database-wide lock (advisory lock on PostgreSQL). */
  withExclusiveLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` holding the lock named `key` (advisory lock on PostgreSQL) if no one else holds it,
   * without waiting: undefined when another instance (or a run in this process) has it.
   */
  withLockIfFree<T>(key: number, fn: () => Promise<T>): Promise<T | undefined>;
  /** The pool's counts (PostgreSQL; the embedded database has one connection and no pool). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL: run `query` statements as named prepared statements (default true). Off for a
   * transaction-mode pooler that does not track them (PgBouncer before 1.21, or with
   * max_prepared_statements = 0).
   */
  preparedStatements?: boolean;
  /**
   * Embedded: create a new database (initdb) in a short-lived child process, not in this one.
   * Creating it grows PGlite's memory several times over what serving needs, and a WebAssembly
   * memory never gives memory back; a long-running server (`npm start`) opens the created database
   * lean instead.
   */
  createApart?: boolean;
}

/**
 * PGlite's own start parameters, with a smaller buffer cache than PostgreSQL's default 128 MB
 * (every page of which stays resident once touched): the embedded database is small.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * Creates the embedded database in `pgDir` in a child process (see OpenOptions.createApart), on
 * V8's baseline compiler alone as the server runs PGlite (openEmbedded): optimising PGlite for the
 * one initdb would cost the child more CPU than the whole initdb (about 7 CPU-s instead of 4).
 */
function createEmbeddedApart(pgDir: string): void {
  const script = `const { PGlite } = await import(process.argv[1]); const db = await PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) }); await db.close();`;
  const result = spawnSync(process.execPath, ["--liftoff-only", "--input-type=module", "-e", script, import.meta.resolve("@electric-sql/pglite"), pgDir, JSON.stringify(EMBEDDED_START_PARAMS)], { stdio: ["ignore", "ignore", "pipe"] });
  if (result.status !== 0) throw new Error(`Could not create the embedded database in ${pgDir}: ${result.stderr.toString().trim() || `exit ${result.status}`}`);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.preparedStatements ?? true)
    : openEmbedded(options.dataDir ?? path.resolve(".data"), options.createApart === true);
}

async function openEmbedded(dataDir: string, createApart: boolean): Promise<Database> {
  const pgDir = path.join(dataDir, "pglite");
  const release = lockDataDir(dataDir);
  try {
    if (createApart && !existsSync(path.join(pgDir, "PG_VERSION"))) createEmbeddedApart(pgDir);
    // PGlite's WebAssembly is compiled by V8's baseline compiler (Liftoff) only: optimised code
    // would hold much more memory and cost seconds of CPU per process to make, and an embedded
    // database's queries gain too little from it to pay for that. A V8 flag, read when PGlite
    // compiles its module just below.
    v8.setFlagsFromString("--liftoff-only");
    const pglite = await PGlite.create(pgDir, { startParams: EMBEDDED_START_PARAMS });
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    let queue: Promise<unknown> = Promise.resolve();
    const heldKeys = new Set<number>();
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
      async withLockIfFree(key, fn) {
        if (heldKeys.has(key)) return undefined;
        heldKeys.add(key);
        try {
          return await fn();
        } finally {
          heldKeys.delete(key);
        }
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

/**
 * Bounds on waiting for the database, so that a lost server or a network partition turns into
 * errors (a 5xx, a redirect with server_error) instead of requests that never answer, and the
 * pool recovers by itself (tests/postgres/db-fault.test.ts):
 * - connecting, or waiting for a free pooled connection, gives up after CONNECT_TIMEOUT_MS;
 * - a pooled query that gets no answer within QUERY_TIMEOUT_MS fails, and its connection is
 *   closed, not reused (Porta's queries take milliseconds: a silent connection is a dead one);
 * - TCP keep-alive lets the operating system find idle connections whose peer is gone.
 * Client-side timers, not `statement_timeout`: transaction-mode PgBouncer refuses startup
 * parameters, and a server-side limit cannot see a connection that went silent. Migrations and
 * the advisory lock use their own connections without a query timeout (they may rightly wait).
 */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 5_000;

/**
 * Names of the prepared statements `query` runs. Porta's statements are constant texts with
 * parameters, so a few dozen names cover them; past the bound a text runs unnamed, so a text
 * built at run time could never fill a connection with statements.
 */
const MAX_NAMED_STATEMENTS = 200;

function statementNamer(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = `porta_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
}

async function openPostgres(url: string, poolSize: number, preparedStatements: boolean): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  pool.on("error", () => undefined); // idle-client errors surface on the next query instead
  // A connection lost while checked out between two queries (an interactive transaction, the
  // limiter's store) emits 'error' with no pool listener attached; unheard, it would end the
  // process. Every pooled client hears it here: the query in flight fails on its own, and the
  // pool discards the client when it comes back (it is no longer queryable).
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  // A connection handed back inside a transaction, or whose last query never got its answer (a
  // timed-out query leaves the status of the transaction before it), is closed, not reused: the
  // next borrower would inherit the transaction or wait behind the lost answer. Prisma's
  // interactive transactions release without an error even when their connection died.
  pool.on("release", (error, client) => {
    if (!error && client.getTransactionStatus() !== "I") void client.end().catch(() => undefined);
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const nameOf = preparedStatements ? statementNamer() : undefined;
  /**
   * A connection of its own, outside the pool and its query timeout. It listens for errors: a
   * connection lost while idle (holding a lock while `fn` works through the pool) emits one, and
   * an unheard 'error' event would end the process. The loss surfaces on its next query instead;
   * the lock ends with the session, and what ran under it is transactional or idempotent.
   */
  const dedicatedClient = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client.on("error", () => undefined);
    await client.connect();
    return client;
  };
  return {
    kind: "postgres",
    prisma,
    // Its own connection: a migration may run longer than a pooled query may.
    async execScript(sql) {
      const client = await dedicatedClient();
      try {
        await client.query("BEGIN");
        await client.query(sql);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async query(sql, params = []) {
      const name = nameOf?.(sql);
      const result = await (name === undefined ? pool.query(sql, params) : pool.query({ name, text: sql, values: params }));
      return result.rows as never;
    },
    // The lock lives on its own connection, outside the pool: the work inside may use every
    // pooled connection (a pool of one would otherwise deadlock).
    async withExclusiveLock(fn) {
      const client = await dedicatedClient();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await client.end().catch(() => undefined); // ending the session releases the lock
      }
    },
    async withLockIfFree(key, fn) {
      const client = await dedicatedClient();
      try {
        const [row] = (await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [key])).rows;
        if (!row?.locked) return undefined;
        return await fn();
      } finally {
        await client.end().catch(() => undefined); // ending the session releases the lock
      }
    },
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize };
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/** Kept by resetProcessState: the connection is what the process holds open, not what it knows. */
const processDatabase = processSlot<Promise<Database>>("database", { keepOnReset: true });

/**
 * Set when the process database was closed (shutdown): work still running after that (a flush, a
 * ping loop) fails instead of opening the database again, which for the embedded database would
 * lock its directory anew or create a new one where the old one was removed. Forgotten by
 * resetProcessState, as a restarted process opens its database again.
 */
const processDatabaseClosed = processSlot<true>("database-closed");

export class DatabaseClosedError extends Error {
  override name = "DatabaseClosedError";
  constructor() {
    super("the database is closed: the process is shutting down");
  }
}

/** The process's database, opened from the configuration on first use. */
export function db(): Promise<Database> {
  let database = processDatabase.get();
  if (!database) {
    if (processDatabaseClosed.get()) return Promise.reject(new DatabaseClosedError());
    const cfg = config();
    const opening = openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, poolSize: cfg.databasePoolSize, preparedStatements: cfg.databasePreparedStatements });
    processDatabase.set(opening);
    opening.catch(() => {
      if (processDatabase.get() === opening) processDatabase.delete();
    });
    database = opening;
  }
  return database;
}

/** The process database if it is open or opening, without opening it (a metrics scrape). */
export function openedProcessDatabase(): Promise<Database> | undefined {
  return processDatabase.get();
}

/** Shortcut for the Prisma client of the process database. */
export async function prisma(): Promise<PrismaClient> {
  return (await db()).prisma;
}

/** Installs an already-open database as the process database (start-up, tests). */
export function setProcessDatabase(database: Database): void {
  processDatabaseClosed.delete();
  processDatabase.set(Promise.resolve(database));
}

/** Closes the process database for good: db() fails from now on (see processDatabaseClosed). */
export async function closeProcessDatabase(): Promise<void> {
  const current = processDatabase.get();
  processDatabase.delete();
  processDatabaseClosed.set(true);
  if (current) await (await current).close();
}
