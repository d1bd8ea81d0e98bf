import { db } from "../db/client";
import { jsonResponse } from "../http/responses";

/** GET /healthz: the process answers. */
export function liveness(): Response {
  return jsonResponse({ status: "ok" }, 200, { "Cache-Control": "no-store" });
}

/** GET /readyz: the database answers a query within two seconds. */
export async function readiness(): Promise<Response> {
  try {
    const database = await db();
    await Promise.race([
      database.query("SELECT 1"),
      new Promise((_, reject) => setTimeout(() => reject(new Error("database timeout")), 2000).unref()),
    ]);
    return jsonResponse({ status: "ok", database: database.kind }, 200, { "Cache-Control": "no-store" });
  } catch {
    return jsonResponse({ status: "unavailable", database: "unreachable" }, 503, { "Cache-Control": "no-store" });
  }
}
