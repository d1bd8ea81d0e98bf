/**
 * The sweeper on a timer, as the server runs it: a pass every SWEEP_INTERVAL_MS (and one soon after
 * start-up), never two at once in a process, never keeping the process alive, stopped on close.
 */
import { config } from "../config";
import type { Database } from "../db/client";
import { logger } from "../log";
import { sweep } from "./sweep";

export const SWEEP_INTERVAL_MS = 60_000;
const FIRST_PASS_DELAY_MS = 5_000;

export interface Sweeper {
  stop(): Promise<void>;
}

export function startSweeper(database: Database, intervalMs = SWEEP_INTERVAL_MS): Sweeper {
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    const cfg = config();
    running = sweep(database, { deliveryLogDays: cfg.deliveryLogDays, auditLogDays: cfg.auditLogDays })
      .then((report) => {
        const removed = report ? Object.values(report).reduce((a, b) => a + b, 0) : 0;
        if (report && removed > 0) logger.debug({ report }, "retention sweep");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "retention sweep failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(pass, Math.min(FIRST_PASS_DELAY_MS, intervalMs));
  const timer = setInterval(pass, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
