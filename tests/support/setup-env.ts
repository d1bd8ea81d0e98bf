/**
 * Runs before each integration test file: gives the file its own port, issuer and fresh database
 * (a copy of the migrated and seeded template), through the same environment variables an
 * operator sets.
 */
import { afterAll, inject } from "vitest";
import { copyEmbeddedTemplate, createPostgresDatabase } from "./databases";
import { freePort } from "./free-port";
import { TEST_ADMIN_TOKEN, TEST_INSTANCE_SECRET } from "./test-secrets";

export { TEST_ADMIN_TOKEN };

const port = await freePort();
const env = process.env as Record<string, string | undefined>;
env.NODE_ENV = "test";
env.PORT = String(port);
env.PUBLIC_URL = `http://127.0.0.1:${port}`;
env.PORTA_SECRET = TEST_INSTANCE_SECRET;
env.PORTA_ADMIN_TOKEN = TEST_ADMIN_TOKEN;
env.LOG_LEVEL = env.TEST_LOG_LEVEL ?? "silent";
delete env.EXTENSIONS_URL;
// Only the outbound project (tests that run their own HTTP peers on loopback) lets Porta call them.
env.ALLOW_PRIVATE_OUTBOUND = env.PORTA_TEST_ALLOW_PRIVATE === "true" ? "true" : "false";

if (env.PORTA_TEST_DB === "postgres") {
  const adminUrl = env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const database = await createPostgresDatabase(adminUrl, inject("postgresTemplate"));
  env.DATABASE_URL = database.url;
  delete env.DATA_DIR;
  afterAll(() => database.drop());
} else {
  const copy = copyEmbeddedTemplate(inject("embeddedTemplate"));
  env.DATA_DIR = copy.dataDir;
  delete env.DATABASE_URL;
  afterAll(() => copy.remove());
}
