/** `npm run db:migrate`: apply pending migrations (under the advisory lock on PostgreSQL) and exit. */
import { configOrExit } from "./config-or-exit";

async function main(): Promise<void> {
  const cfg = configOrExit();
  const { openDatabase } = await import("../lib/db/client");
  const { migrate } = await import("../lib/db/migrate");
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  try {
    const applied = await migrate(database);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
