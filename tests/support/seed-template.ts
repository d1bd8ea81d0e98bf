/**
 * Run by global-setup.ts in a process of its own, configured by environment like any start
 * (DATA_DIR or DATABASE_URL, PORTA_SECRET, PUBLIC_URL): migrates and seeds the template database
 * with Porta's own start-up bootstrap, so each test file starts from a seeded copy (keys, the demo
 * tenant and application, the admin) instead of generating them anew. Each file's start runs the
 * bootstrap again on its copy, which moves the demo application's URIs to the file's issuer.
 */
import { cpSync } from "node:fs";
import path from "node:path";
import { closeProcessDatabase, db, openDatabase } from "../../lib/db/client";
import { bootstrap } from "../../lib/setup/bootstrap";

async function main(): Promise<void> {
  // Embedded: first a copy of the cluster as initdb leaves it, for the tests that migrate an empty
  // database (initdb alone takes seconds of CPU in PGlite).
  const emptyCluster = process.env.PORTA_TEST_EMPTY_CLUSTER;
  const dataDir = process.env.DATA_DIR;
  if (emptyCluster && dataDir) {
    await (await openDatabase({ dataDir })).close();
    cpSync(path.join(dataDir, "pglite"), emptyCluster, { recursive: true });
  }
  await bootstrap(await db());
  await closeProcessDatabase();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
