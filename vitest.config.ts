import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig, type TestProjectConfiguration } from "vitest/config";
import { postgresProjectFiles } from "./tests/postgres-files";
import { postgresForTests } from "./tests/support/postgres-available";

/**
 * Projects:
 * - unit: pure logic and components beside the code (lib/**\/*.test.ts, components/**\/*.test.ts[x]), no database.
 * - integration: the real HTTP server and handlers over a fresh embedded database per file;
 *   tests/outbound holds the files whose HTTP peers (jwks_uri, webhooks) run on loopback, which
 *   Porta may call only with ALLOW_PRIVATE_OUTBOUND (set for them by setup-env.ts).
 * - integration-postgres: over PostgreSQL, when TEST_DATABASE_URL is set or the local server
 *   (127.0.0.1:5432) answers: tests/postgres (several instances, database faults) and the
 *   integration files that drive Porta's hand-written SQL, listed with the rule in
 *   tests/postgres-files.ts.
 */
/**
 * The run's scratch space: the embedded databases (a template and a copy per test file), the data
 * directories of the servers tests start, the ports claimed. On a RAM file system (/dev/shm) when
 * the machine has one: PostgreSQL inside PGlite writes and syncs its files on every commit, which
 * on a disk cost the integration tests two thirds of their system CPU time, for nothing a test
 * checks. Set as TMPDIR, so every worker and every process a test starts uses it; removed when the
 * run ends.
 */
function useRamScratch(): void {
  const ram = "/dev/shm";
  try {
    if (!statSync(ram).isDirectory()) return;
    const dir = mkdtempSync(path.join(ram, "porta-tests-"));
    process.env.TMPDIR = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  } catch {
    // no RAM file system here: the system's temporary directory
  }
}

const UNIT_FILES = ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx", "tests/*.test.ts"];
/** Unit files that check the state of the thread they run in: not shared with other files (below). */
const UNIT_OWN_THREAD = ["lib/http/page-locale.test.ts", "lib/ops/collect-when-idle.test.ts"];

/** The integration files that replace a module with vi.mock (node:crypto, node:dns): each runs in a process of its own. */
const MODULE_MOCKS = ["tests/integration/sign-in-limit.test.ts", "tests/integration/client-jwks-uri-guard.test.ts"];

export default defineConfig(async () => {
  useRamScratch();
  const pgUrl = await postgresForTests();
  const alias = { "@": path.resolve(__dirname) };
  // The ports handed out to the run's test servers (tests/support/free-port.ts), shared by every
  // worker of every project and removed when the run ends.
  const portsDir = mkdtempSync(path.join(tmpdir(), "porta-ports-"));
  process.once("exit", () => rmSync(portsDir, { recursive: true, force: true }));
  interface IntegrationOptions {
    exclude?: string[];
    /** Each file in a process of its own: for the files that replace a module (vi.mock). */
    ownProcess?: boolean;
  }
  const integration = (name: string, include: string[], db: "embedded" | "postgres", options: IntegrationOptions = {}): TestProjectConfiguration => ({
    resolve: { alias },
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
      // A worker runs its files one after another in one process and one module graph: Porta's
      // modules, Prisma and PGlite are loaded once per worker rather than once per file (most of
      // a small file's CPU time). setup-env.ts gives each file a fresh start (database,
      // environment, process state, spies). Files that replace a module (vi.mock) run in a
      // project of their own, each file in its own process.
      isolate: options.ownProcess === true,
      environment: "node",
      globalSetup: ["tests/support/global-setup.ts"],
      setupFiles: ["tests/support/setup-env.ts"],
      env: {
        PORTA_TEST_DB: db,
        PORTA_TEST_PORTS_DIR: portsDir,
        ...(pgUrl ? { TEST_DATABASE_URL: pgUrl } : {}),
        // setup-env.ts loads nothing of lib/ before such a file's mocks.
        ...(options.ownProcess ? { PORTA_TEST_OWN_PROCESS: "true" } : {}),
      },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: "forks",
      // Short-lived workers: V8's baseline compiler alone for WebAssembly (Prisma's query
      // compiler, PGlite), as Porta opens PGlite (lib/db/client.ts); optimised code would cost
      // more CPU to make than a test file's queries win back (about a fifth of the PostgreSQL
      // project's CPU time).
      execArgv: ["--liftoff-only"],
    },
  });
  const projects: TestProjectConfiguration[] = [
    {
      resolve: { alias },
      // Worker threads, each running its files one after another in one module graph, as the
      // integration workers do; setup-unit.ts gives each file a fresh start (environment, process
      // state, spies). Each file importing its modules anew cost over half the project's CPU time.
      test: {
        name: "unit",
        include: UNIT_FILES,
        exclude: [...configDefaults.exclude, ...UNIT_OWN_THREAD],
        environment: "node",
        pool: "threads",
        isolate: false,
        setupFiles: ["tests/support/setup-unit.ts"],
      },
    },
    // Files whose tests look at the thread itself (Node's promise hooks, which any earlier
    // AsyncLocalStorage run of another file turns on for good; the heap and its full
    // collections): each in a thread of its own.
    { resolve: { alias }, test: { name: "unit-own-thread", include: UNIT_OWN_THREAD, environment: "node", pool: "threads" } },
    integration("integration", ["tests/integration/**/*.test.ts", "tests/outbound/**/*.test.ts"], "embedded", { exclude: MODULE_MOCKS }),
    integration("integration-module-mocks", MODULE_MOCKS, "embedded", { ownProcess: true }),
  ];
  if (pgUrl) projects.push(integration("integration-postgres", postgresProjectFiles(), "postgres"));
  // Four files at a time on two cores: most integration files wait (eID poll intervals, time limits).
  return { test: { projects, maxWorkers: 4 } };
});
