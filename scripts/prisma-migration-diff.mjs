// Writes a new migration from the change between the schema at the last migration
// (prisma/migrations/schema-at-last-migration.prisma) and prisma/schema.prisma.
//
//   npm run db:diff -- <name>          write prisma/migrations/<timestamp>_<name>/migration.sql
//   npm run db:diff -- --from-empty    print the SQL that builds the whole schema (used by tests)
//
// Prisma 7's CLI needs a native schema engine that cannot be downloaded here; Prisma 6.19's
// CLI diffs through the WASM schema engine. It still wants `url` in the datasource block,
// which Prisma 7 forbids, so both schemas are copied with one added before diffing.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, copyFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const migrationsDir = path.join(root, "prisma", "migrations");
const snapshot = path.join(migrationsDir, "schema-at-last-migration.prisma");
const schema = path.join(root, "prisma", "schema.prisma");

/**
 * The SQL from the last migration's schema (or from nothing) to schema.prisma. Asynchronous: the
 * CLI's schema engine keeps its process alive for about 10 s after it printed the script, time in
 * which a caller (a test) can go on with other work.
 */
export async function diffSql({ fromEmpty }) {
  const work = mkdtempSync(path.join(tmpdir(), "porta-diff-"));
  try {
    const withUrl = (file, name) => {
      const text = readFileSync(file, "utf8").replace(
        /provider\s*=\s*"postgresql"/,
        'provider = "postgresql"\n  url      = env("PORTA_DIFF_URL")',
      );
      const out = path.join(work, name);
      writeFileSync(out, text);
      return out;
    };
    const config = path.join(work, "prisma.config.cjs");
    writeFileSync(
      config,
      [
        `const { defineConfig } = require(${JSON.stringify(path.join(root, "node_modules/prisma6/config.js"))});`,
        `const { PGlite } = require(${JSON.stringify(path.join(root, "node_modules/@electric-sql/pglite/dist/index.cjs"))});`,
        `const { PrismaPGlite } = require(${JSON.stringify(path.join(root, "node_modules/pglite-prisma-adapter/dist/index.cjs"))});`,
        `module.exports = defineConfig({`,
        `  experimental: { adapter: true },`,
        `  engine: "js",`,
        `  schema: ${JSON.stringify(path.join(work, "to.prisma"))},`,
        `  adapter: async () => new PrismaPGlite(new PGlite()),`,
        `});`,
      ].join("\n"),
    );
    const to = withUrl(schema, "to.prisma");
    const from = fromEmpty ? ["--from-empty"] : ["--from-schema-datamodel", withUrl(snapshot, "from.prisma")];
    const cli = path.join(root, "node_modules", "prisma6", "build", "index.js");
    // The CLI opens the config's PGlite (for its version and types) for a few statements; V8's
    // baseline compiler alone compiles its WebAssembly for much less CPU than the optimising one
    // would spend, as Porta runs it (lib/db/client.ts).
    const args = ["--liftoff-only", cli, "migrate", "diff", "--config", config, ...from, "--to-schema-datamodel", to, "--script"];
    const env = {
      ...process.env,
      PORTA_DIFF_URL: "postgresql://porta@127.0.0.1/porta",
      PRISMA_QUERY_ENGINE_LIBRARY: path.join(root, "package.json"),
      PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, "package.json"),
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    };
    return await new Promise((resolve, reject) => {
      execFile(process.execPath, args, { cwd: work, encoding: "utf8", env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
        error ? reject(new Error(`prisma migrate diff failed:\n${stderr}${stdout}`)) : resolve(stdout),
      );
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const arg = process.argv[2];
  if (arg === "--from-empty") {
    process.stdout.write(await diffSql({ fromEmpty: true }));
    return;
  }
  if (!arg || !/^[a-z0-9_]+$/.test(arg)) {
    console.error("usage: npm run db:diff -- <name_in_snake_case> | --from-empty");
    process.exit(2);
  }
  const sql = await diffSql({ fromEmpty: false });
  if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
    console.log("schema.prisma matches the last migration; nothing to write.");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${arg}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql);
  copyFileSync(schema, snapshot);
  console.log(`wrote ${path.relative(root, dir)}/migration.sql`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
