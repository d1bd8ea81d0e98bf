import { db } from "../db/client";
import { jsonResponse } from "../http/responses";
import { isDraining } from "../ops/drain-state";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /healthz: the process answers (also while draining: it is alive, only leaving). */
export function liveness(): Response {
  return jsonResponse({ status: "ok" }, 200, NO_STORE);
}

/**
 * GET /readyz: the database answers a query within two seconds. From the first SIGTERM on it is
 * 503 at once: load balancers stop sending new requests while the ones in flight
 * and those still arriving during SHUTDOWN_DELAY_S are served.
 */
export async function readiness(): Promise<Response> {
  if (isDraining()) return jsonResponse({ status: "draining" }, 503, NO_STORE);
  try {
    const database = await db();
    await Promise.race([
      database.query("SELECT 1"),
      new Promise((_, reject) => setTimeout(() => reject(new Error("database timeout")), 2000).unref()),
    ]);
    return jsonResponse({ status: "ok", database: database.kind }, 200, NO_STORE);
  } catch {
    return jsonResponse({ status: "unavailable", database: "unreachable" }, 503, NO_STORE);
  }
}
