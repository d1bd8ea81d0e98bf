/** `npm run db:sweep`: one retention pass (lib/retention/sweep.ts), then exit. */
import { configOrExit } from "./config-or-exit";

async function main(): Promise<void> {
  const cfg = configOrExit();
  const { openDatabase, setProcessDatabase, closeProcessDatabase } = await import("../lib/db/client");
  const { sweep } = await import("../lib/retention/sweep");
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  setProcessDatabase(database);
  try {
    const report = await sweep(database, { deliveryLogDays: cfg.deliveryLogDays, auditLogDays: cfg.auditLogDays });
    if (!report) console.log("Another instance is sweeping now; nothing done.");
    else console.log(Object.entries(report).map(([rule, n]) => `${rule}: ${n}`).join(", "));
  } finally {
    await closeProcessDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
