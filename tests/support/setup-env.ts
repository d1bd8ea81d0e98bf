/**
 * Runs before each integration test file: gives the file its own port, issuer and fresh database
 * (a copy of the migrated and seeded template), through the same environment variables an
 * operator sets.
 *
 * A worker runs several files one after another in one process and one module graph (Vitest's
 * `isolate: false`, vitest.config.ts), so each file starts as a restarted Porta would: the
 * previous file's database closed, the environment back to what the worker started with (a file
 * may have set its own variables), the process state forgotten (lib/process/state.ts) once the
 * file's own module code has set what it sets, and the previous file's spies restored.
 *
 * The files that replace a module (vi.mock) run each in a process of its own (PORTA_TEST_OWN_PROCESS)
 * and must load Porta's modules only after their mocks: for them, nothing of lib/ is imported here
 * before the file runs.
 */
import { afterAll, beforeAll, expect, inject, vi } from "vitest";
import { copyEmbeddedTemplate, createPostgresDatabase } from "./databases";
import { restoreEnvironmentBaseline } from "./environment-baseline";
import { freePort } from "./free-port";
import { TEST_ADMIN_TOKEN, TEST_INSTANCE_SECRET } from "./test-secrets";

export { TEST_ADMIN_TOKEN };

/** scrypt with 1 MiB instead of 64: a hash in a few milliseconds. */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

const env = process.env as Record<string, string | undefined>;
const ownProcess = env.PORTA_TEST_OWN_PROCESS === "true";

async function closeProcessDatabase(): Promise<void> {
  await (await import("../../lib/db/client")).closeProcessDatabase();
}

restoreEnvironmentBaseline();

const port = await freePort();
env.NODE_ENV = "test";
env.PORT = String(port);
env.PUBLIC_URL = `http://127.0.0.1:${port}`;
env.PORTA_SECRET = TEST_INSTANCE_SECRET;
env.PORTA_ADMIN_TOKEN = TEST_ADMIN_TOKEN;
env.LOG_LEVEL = env.TEST_LOG_LEVEL ?? "silent";
delete env.EXTENSIONS_URL;
// Only the files of tests/outbound (which run their own HTTP peers on loopback) let Porta call them.
env.ALLOW_PRIVATE_OUTBOUND = /[\\/]tests[\\/]outbound[\\/]/.test(expect.getState().testPath ?? "") ? "true" : "false";

if (env.PORTA_TEST_DB === "postgres") {
  const adminUrl = env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const database = await createPostgresDatabase(adminUrl, inject("postgresTemplate"));
  env.DATABASE_URL = database.url;
  delete env.DATA_DIR;
  afterAll(async () => {
    await closeProcessDatabase();
    await database.drop();
  });
} else {
  const copy = copyEmbeddedTemplate(inject("embeddedTemplate"));
  env.DATA_DIR = copy.dataDir;
  delete env.DATABASE_URL;
  afterAll(async () => {
    await closeProcessDatabase();
    copy.remove();
  });
}

if (!ownProcess) {
  // As its first hook, after the file's own module code has run: a file may set its variables
  // there (vi.hoisted), and the previous file's background work (a ping-mode CIBA loop, a flush)
  // may have read the configuration since this file began. From here on, the configuration is
  // read from this file's environment and the database opened with it.
  beforeAll(async () => {
    // Whatever the previous file left open, even opened by its last background work after its
    // own end.
    await closeProcessDatabase().catch(() => undefined);
    (await import("../../lib/process/state")).resetProcessState();
    // Admin passwords hashed at a small fraction of the real cost (lib/crypto/password.ts): the
    // files that sign in, invite and change passwords do so a few hundred times. The real
    // parameters are tested in lib/crypto/crypto.test.ts and where a hash is upgraded at sign-in.
    (await import("../../lib/crypto/password")).setPasswordCostForTests(TEST_PASSWORD_COST);
    // A tenant's RSA signing keys from the pairs the run made ahead, each once in this file's
    // database (lib/keys/generate-key.ts): the tenants the file creates cost no key generation.
    (await import("../../lib/keys/generate-key")).useRsaKeysMadeAheadForTests(inject("rsaKeysMadeAhead"));
  });
}
afterAll(() => {
  vi.restoreAllMocks();
});
