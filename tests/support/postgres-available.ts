import pg from "pg";

const LOCAL = "postgresql://postgres@127.0.0.1:5432/test";

/**
 * The PostgreSQL server for integration tests: TEST_DATABASE_URL (which must answer), or the
 * local server when it answers; undefined when neither is there.
 */
export async function postgresForTests(): Promise<string | undefined> {
  const explicit = process.env.TEST_DATABASE_URL;
  const url = explicit || LOCAL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return url;
  } catch (error) {
    if (explicit) throw new Error(`TEST_DATABASE_URL does not answer: ${(error as Error).message}`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}
