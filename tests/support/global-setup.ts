/**
 * Once per test run and project: build a migrated template database (through the same migration
 * runner as start-up), so each test file starts from a copy instead of migrating anew.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { adminQuery, uniqueName, withDatabase } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    embeddedTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { openDatabase } = await import("../../lib/db/client");
  const { migrate } = await import("../../lib/db/migrate");
  const kind = project.config.env?.PORTA_TEST_DB;

  if (kind === "postgres") {
    const adminUrl = project.config.env?.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL project");
    const name = uniqueName("porta_tpl");
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 1 });
    await migrate(database);
    await database.close();
    project.provide("postgresTemplate", name);
    project.provide("embeddedTemplate", "");
    return async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    };
  }

  const root = mkdtempSync(path.join(tmpdir(), "porta-template-"));
  const database = await openDatabase({ dataDir: root });
  await migrate(database);
  await database.close();
  project.provide("embeddedTemplate", path.join(root, "pglite"));
  project.provide("postgresTemplate", "");
  return async () => {
    rmSync(root, { recursive: true, force: true });
  };
}
