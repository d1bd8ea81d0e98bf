/**
 * Which integration test files run a second time on PostgreSQL (the Vitest project
 * integration-postgres, vitest.config.ts), and why those.
 *
 * Every integration file runs on the embedded database, which is PostgreSQL itself (PGlite), so
 * Porta's schema, its Prisma queries and their SQL are the same on both. What differs is below
 * Prisma: the driver (node-postgres with a pool of connections and named prepared statements, or
 * PGlite's one in-process connection), the type parsers that turn a result's columns into
 * JavaScript values, and concurrency (statements of several connections really interleave on
 * PostgreSQL; PGlite runs one at a time). Prisma's queries reach both through Prisma's own
 * adapters; Porta's hand-written statements (lib/db/sql.ts's helpers, Database.query,
 * `$queryRaw`/`$executeRaw`) reach them through Porta's code, which only a run on PostgreSQL
 * proves.
 *
 * The rule: each lib/ module that holds hand-written SQL is listed here with the test files that
 * drive its statements (through the real server, or directly); those files, and every file of
 * tests/postgres (what only PostgreSQL can show: several instances, database faults, prepared
 * statements), make the PostgreSQL project. tests/postgres-files.test.ts finds the modules with
 * hand-written SQL by their text and fails while one of them is not listed here.
 */

/** lib/ module with hand-written SQL → the integration test files that drive its statements. */
export const HAND_WRITTEN_SQL: Readonly<Record<string, readonly string[]>> = {
  // The blocked-counters read, and rate-limiter-flexible's upsert of a failure.
  "lib/abuse/limit-store.ts": ["tests/integration/abuse-limits.test.ts", "tests/integration/admin-access.test.ts"],
  // The tenant row locked while the last owner is checked.
  "lib/admin/members.ts": ["tests/integration/admins.test.ts"],
  // The per-second upsert of the daily login counts, and the failed webhook calls per day.
  "lib/analytics/login-stat-store.ts": ["tests/integration/login-analytics.test.ts"],
  "lib/analytics/record-webhook-failure.ts": ["tests/integration/login-analytics.test.ts"],
  // The pool, its prepared statements, advisory locks, and the readiness probe's query.
  "lib/db/client.ts": ["tests/postgres/prepared-statements.test.ts", "tests/postgres/db-fault.test.ts"],
  "lib/endpoints/health.ts": ["tests/postgres/db-fault.test.ts"],
  // The migrations' own SQL, compared with the schema Prisma describes.
  "lib/db/migrate.ts": ["tests/integration/migrations.test.ts"],
  // The login row's insert, read and moves, and the SSO session the completing move inserts.
  "lib/login/login-store.ts": [
    "tests/integration/login-rows.test.ts",
    "tests/integration/login-flow.test.ts",
    "tests/integration/login-errors.test.ts",
    "tests/integration/ciba-headless.test.ts",
    "tests/integration/login-sessions.test.ts",
  ],
  // A client assertion's jti, recorded once across instances.
  "lib/oauth/jti-store.ts": ["tests/integration/client-assertion-errors.test.ts", "tests/postgres/jti-replay-across-instances.test.ts"],
  // What client authentication still owes, settled in a statement of its own on every other way out.
  "lib/oauth/token/pending-checks.ts": ["tests/integration/abuse-limits.test.ts", "tests/integration/client-assertion-errors.test.ts"],
  // A code's redemption in one statement: browser codes and decoupled request ids.
  "lib/oauth/token/login-code-store.ts": ["tests/integration/token-endpoint.test.ts", "tests/integration/decoupled-redemption.test.ts"],
  // A pushed request's insert and its consumption.
  "lib/oauth/token/pushed-request-store.ts": ["tests/integration/par-errors.test.ts"],
  // The batched deletes and clears of the retention sweep.
  "lib/retention/sweep.ts": ["tests/integration/retention-sweep.test.ts"],
};

/** The files of the PostgreSQL project, as Vitest `include` patterns. */
export function postgresProjectFiles(): string[] {
  const listed = Object.values(HAND_WRITTEN_SQL).flat().filter((file) => !file.startsWith("tests/postgres/"));
  return ["tests/postgres/**/*.test.ts", ...new Set(listed)];
}

/**
 * Whether a module's text holds hand-written SQL: a raw Prisma query, a call of Database.query, or
 * a statement's keywords in capitals as Porta writes them.
 */
export function holdsHandWrittenSql(text: string): boolean {
  return /\$queryRaw|\$executeRaw|\bquery<|\.query\(|\b(SELECT|INSERT INTO|DELETE FROM|ON CONFLICT|FOR UPDATE)\b|\bUPDATE "/.test(text);
}
