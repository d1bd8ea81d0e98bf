/**
 * A real Porta server for a test file: the file's database (see setup-env.ts), start-up
 * bootstrap, and the HTTP server on the file's port. Close it in afterAll.
 */
import { flushLoginOutcomes, stopLoginOutcomeFlusher } from "../../lib/analytics/record-login-outcome";
import { config } from "../../lib/config";
import { closeProcessDatabase, db } from "../../lib/db/client";
import { bootstrap } from "../../lib/setup/bootstrap";
import { startPortaServer } from "../../server/porta-server";
import { TEST_ADMIN_TOKEN } from "./setup-env";

export interface TestPorta {
  /** The issuer and base URL, e.g. http://127.0.0.1:41234 */
  issuer: string;
  adminToken: string;
  close(): Promise<void>;
}

/** The server startTestPorta runs in this process. */
export interface InProcessPorta extends TestPorta {
  /** How many requests the server has received (server/porta-server.ts). */
  requestsReceived(): number;
}

export async function startTestPorta(): Promise<InProcessPorta> {
  const cfg = config();
  await bootstrap(await db());
  const running = await startPortaServer({ port: cfg.port, host: "127.0.0.1", ui: false });
  return {
    issuer: cfg.issuer,
    adminToken: TEST_ADMIN_TOKEN,
    requestsReceived: () => running.requestsReceived(),
    // As Porta's own shutdown (server/main.ts): the last login counts are written, then the
    // database closes for good, so nothing of this file's reaches the next file's database.
    async close() {
      await running.close();
      stopLoginOutcomeFlusher();
      await flushLoginOutcomes();
      await closeProcessDatabase();
    },
  };
}

/** POST JSON with the admin token to /oauth2/register. */
export function register(porta: TestPorta, metadata: unknown, token: string | null = porta.adminToken): Promise<Response> {
  return fetch(`${porta.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(metadata),
  });
}
