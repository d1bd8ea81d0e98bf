/** Fresh databases for tests: copies of a migrated template (PGlite directory or PostgreSQL template database). */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function createPostgresDatabase(adminUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueName("porta_t");
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A copy of the template `<run>/template/pglite` (global-setup.ts) in a new directory of `<run>`. */
export function copyEmbeddedTemplate(templateDir: string): { dataDir: string; remove(): void } {
  const dataDir = mkdtempSync(path.join(path.dirname(path.dirname(templateDir)), "file-"));
  cpSync(templateDir, path.join(dataDir, "pglite"), { recursive: true });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}
