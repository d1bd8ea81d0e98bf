import { readFileSync } from "node:fs";
import { createServer } from "node:net";

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
 * A port that was free a moment ago on 127.0.0.1, chosen at random below the ephemeral range: a
 * port the kernel picked itself (listen on 0) could be handed to an outgoing connection before the
 * test's server listens on it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (await listenable(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${HIGHEST} after 50 attempts`);
}
