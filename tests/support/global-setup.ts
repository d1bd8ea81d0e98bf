/**
 * Once per test run (per project on PostgreSQL): build a migrated and seeded template database (through the same
 * bootstrap as start-up, in a process of its own: seed-template.ts), so each test file starts from
 * a copy instead of migrating and generating keys anew.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { generateRsaKeyPair, type RsaKeyPair } from "../../lib/keys/generate-key";
import { adminQuery, uniqueName, withDatabase } from "./databases";
import { TEST_INSTANCE_SECRET } from "./test-secrets";

/** Migrates and seeds the database that `target` names (DATA_DIR or DATABASE_URL). */
function seedTemplate(target: { DATA_DIR: string; PORTA_TEST_EMPTY_CLUSTER: string } | { DATABASE_URL: string }): Promise<void> {
  const script = fileURLToPath(new URL("./seed-template.ts", import.meta.url));
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = { ...inherited, ...target, NODE_ENV: "test" as const, PORTA_SECRET: TEST_INSTANCE_SECRET, PUBLIC_URL: "http://127.0.0.1:9", LOG_LEVEL: "silent" };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--liftoff-only", "--import", "tsx", script], { env }, (error, stdout, stderr) =>
      error ? reject(new Error(`Could not seed the template database: ${stderr || stdout || error.message}`)) : resolve(),
    );
  });
}

/** The run's embedded template, made once for every embedded project. */
interface SharedTemplate {
  root: string;
  ready: Promise<void>;
  users: number;
}
const SHARED_TEMPLATE = Symbol.for("porta.tests.embedded-template");

function newSharedTemplate(): SharedTemplate {
  const root = mkdtempSync(path.join(tmpdir(), "porta-run-"));
  const ready = seedTemplate({ DATA_DIR: path.join(root, "template"), PORTA_TEST_EMPTY_CLUSTER: path.join(root, "empty", "pglite") });
  return { root, ready, users: 0 };
}

/**
 * RSA key pairs made once for the run, which each test file's Porta hands out as its tenants' first
 * RSA signing keys (lib/keys/generate-key.ts) instead of making about four per tenant. Enough for
 * the files that make the most tenants; after them, a file's keys are made as always.
 */
const RSA_KEYS_MADE_AHEAD = 64;
const RSA_KEYS = Symbol.for("porta.tests.rsa-keys-made-ahead");

/** The run's RSA key pairs, made once for every project (made on libuv's threads, beside the template). */
function rsaKeysMadeAhead(): Promise<RsaKeyPair[]> {
  const main = globalThis as typeof globalThis & { [RSA_KEYS]?: Promise<RsaKeyPair[]> };
  return (main[RSA_KEYS] ??= Promise.all(Array.from({ length: RSA_KEYS_MADE_AHEAD }, () => generateRsaKeyPair())));
}

declare module "vitest" {
  export interface ProvidedContext {
    rsaKeysMadeAhead: RsaKeyPair[];
    embeddedTemplate: string;
    /** A PGlite cluster as initdb leaves it, nothing migrated (empty when the project runs on PostgreSQL). */
    emptyEmbeddedCluster: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.PORTA_TEST_DB;
  const keys = rsaKeysMadeAhead();

  if (kind === "postgres") {
    const adminUrl = project.config.env?.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL project");
    const name = uniqueName("porta_tpl");
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    await seedTemplate({ DATABASE_URL: withDatabase(adminUrl, name) });
    project.provide("postgresTemplate", name);
    project.provide("rsaKeysMadeAhead", await keys);
    project.provide("embeddedTemplate", "");
    project.provide("emptyEmbeddedCluster", "");
    return async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    };
  }

  // One embedded template for the run, shared by every embedded project (they run in this one
  // process): the first to get here makes it, the last to end removes it. The run's directory holds
  // the template, an empty cluster (initdb only, for the migrations test) and each test file's copy
  // beside them (databases.ts), so the teardown removes whatever a file left behind.
  const main = globalThis as typeof globalThis & { [SHARED_TEMPLATE]?: SharedTemplate };
  const shared = (main[SHARED_TEMPLATE] ??= newSharedTemplate());
  shared.users++;
  await shared.ready;
  project.provide("embeddedTemplate", path.join(shared.root, "template", "pglite"));
  project.provide("emptyEmbeddedCluster", path.join(shared.root, "empty", "pglite"));
  project.provide("postgresTemplate", "");
  project.provide("rsaKeysMadeAhead", await keys);
  return async () => {
    if (--shared.users > 0) return;
    delete main[SHARED_TEMPLATE];
    rmSync(shared.root, { recursive: true, force: true });
  };
}
