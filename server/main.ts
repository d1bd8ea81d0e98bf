/**
 * What `npm start` runs once scripts/start.mjs has compiled it: check the configuration, build the
 * web pages when needed, migrate and seed the database, serve.
 *   --protocol-only   serve the protocol endpoints without the web pages (no Next.js build needed)
 */
import path from "node:path";
import { buildIfNeeded } from "../scripts/build-if-needed";
import { configOrExit } from "../scripts/config-or-exit";

/** Runs Porta from the checkout at `root` with `npm start`'s arguments; ends only through a signal. */
export async function runPorta(root: string, argv: readonly string[]): Promise<void> {
  const started = performance.now();
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  const cfg = configOrExit();
  const ui = !argv.includes("--protocol-only");
  if (ui) {
    const build = buildIfNeeded(root);
    if (build.built) console.log(`Built in ${(build.ms / 1000).toFixed(1)} s`);
  }
  (process.env as Record<string, string | undefined>).NODE_ENV ??= "production";

  const { resolveSecret } = await import("../lib/crypto/secret");
  const { openDatabase, setProcessDatabase, closeProcessDatabase } = await import("../lib/db/client");
  const { bootstrap } = await import("../lib/setup/bootstrap");
  const { describeConnectionFailure } = await import("../lib/db/describe-connection-failure");
  const { startPortaServer } = await import("./porta-server");
  const { startSweeper } = await import("../lib/retention/sweeper");
  const { collectWhenIdle } = await import("../lib/ops/collect-when-idle");
  const { flushLoginOutcomes, stopLoginOutcomeFlusher } = await import("../lib/analytics/record-login-outcome");
  const { logger } = await import("../lib/log");
  const { DEMO_CLIENT_ID } = await import("../lib/setup/demo");

  const secret = resolveSecret();
  if (secret.generated) {
    logger.warn({ file: path.join(cfg.dataDir, "secret") }, "PORTA_SECRET is not set: generated one into DATA_DIR (embedded mode only)");
  }
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, poolSize: cfg.databasePoolSize, preparedStatements: cfg.databasePreparedStatements, createApart: true });
  setProcessDatabase(database);
  const report = await bootstrap(database).catch((error: unknown) => {
    const problem = cfg.databaseUrl ? describeConnectionFailure(cfg.databaseUrl, error) : undefined;
    if (!problem) throw error;
    console.error(problem);
    process.exit(1);
  });
  const running = await startPortaServer({ port: cfg.port, ui, dir: root });
  const sweeper = startSweeper(database);
  const idleCollector = collectWhenIdle(() => running.requestsReceived());

  const lines = [
    "",
    `Porta is running at ${cfg.issuer} (${database.kind === "embedded" ? `embedded database in ${cfg.dataDir}` : "PostgreSQL"})`,
    `  Discovery:   ${cfg.issuer}/.well-known/openid-configuration`,
    ui ? `  Playground:  ${cfg.issuer}/playground  (demo application: client_id ${DEMO_CLIENT_ID})` : "  Protocol endpoints only (--protocol-only)",
    ui ? `  Dashboard:   ${cfg.issuer}/dashboard` : "",
  ];
  if (report.migrationsApplied.length) lines.push(`  Migrations applied: ${report.migrationsApplied.join(", ")}`);
  if (report.seededDemo) lines.push("  Seeded the Demo tenant (test environment) and its demo application");
  else if (report.demoEncryption === "added") lines.push("  Gave the demo application an ID token encryption key (FTN requires encrypted ID tokens)");
  if (report.generatedAdmin) {
    lines.push(`  Dashboard admin (shown once): ${report.generatedAdmin.email} / ${report.generatedAdmin.password}`);
  }
  lines.push(`  Ready in ${((performance.now() - started) / 1000).toFixed(1)} s`, "");
  console.log(lines.filter((l) => l !== "").join("\n"));

  // Graceful shutdown, so a rolling restart loses no request. The first signal starts the drain; later ones are ignored
  // (a terminal's Ctrl-C or a process-group SIGTERM reaches npm and this process, and npm may relay
  // it again), so the listeners stay: without one, a repeat would end the process at once.
  let draining = false;
  const shutdown = async (signal: string) => {
    if (draining) {
      logger.info({ signal }, "already shutting down");
      return;
    }
    draining = true;
    idleCollector.stop();
    logger.info({ signal, delayS: cfg.shutdownDelayS }, "shutting down: readiness is 503, serving until the delay ends");
    await running.drain({ delayMs: cfg.shutdownDelayS * 1000, graceMs: SHUTDOWN_GRACE_MS });
    const closed = await Promise.race([
      (async () => {
        await sweeper.stop();
        // The last second of login counts goes to the analytics before the database closes.
        stopLoginOutcomeFlusher();
        await flushLoginOutcomes();
        // Every request has finished: closing the database now loses no login (their state is in
        // it), and closes the embedded database cleanly (its files are complete for the next start).
        await closeProcessDatabase();
        return true;
      })(),
      // A database that no longer answers (a partition) must not keep the process from ending.
      new Promise<false>((resolve) => setTimeout(() => resolve(false), CLOSE_DEADLINE_MS).unref()),
    ]);
    if (!closed) {
      logger.error({ deadlineMs: CLOSE_DEADLINE_MS }, "the database did not close in time: exiting without it");
      process.exit(1);
    }
    logger.info("shut down");
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    shutdown(signal).catch((error: unknown) => {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    });
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

/** How long requests already received may run once the listener closed. */
const SHUTDOWN_GRACE_MS = 25_000;
/** How long the sweeper, the analytics flush and the database may take to close after the drain. */
const CLOSE_DEADLINE_MS = 10_000;
