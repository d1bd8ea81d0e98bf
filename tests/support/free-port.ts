import { closeSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/**
 * The first port the kernel hands out as the local end of an outgoing connection (Linux's
 * ip_local_port_range). A port below it can be taken only by another listener, never by one of
 * the many connections the tests open meanwhile (to PostgreSQL, to peers on loopback).
 */
function ephemeralStart(): number {
  try {
    const start = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > 20_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

const LOWEST = 10_000;
const HIGHEST = ephemeralStart() - 1;

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Claims `port` for this process among all the run's workers: a file named after it, created only
 * if absent (vitest.config.ts makes the directory, one per run). Without the directory (outside
 * Vitest) every port counts as claimed.
 */
function claim(port: number): boolean {
  const dir = process.env.PORTA_TEST_PORTS_DIR;
  if (!dir) return true;
  try {
    closeSync(openSync(path.join(dir, String(port)), "wx"));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * A port on 127.0.0.1 that no other test of the run was given and that was free a moment ago,
 * chosen at random below the ephemeral range: a port the kernel picked itself (listen on 0) could
 * be handed to an outgoing connection before the test's server listens on it. The claim keeps
 * two workers from being handed the same port in the seconds between choosing it and listening
 * on it (a file copies its database first); ports are not given back during a run.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (claim(port) && (await listenable(port))) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${HIGHEST} after 50 attempts`);
}
