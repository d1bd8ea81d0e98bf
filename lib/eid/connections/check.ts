/**
 * "Test connection" in the dashboard and the admin API: can Porta reach the eID with this
 * configuration? The connection's kind says how to find out (an upstream OpenID Connect
 * provider: discovery, the client authentication it accepts, its JWKS; the BankID RP API: a call
 * over mutual TLS with the configured certificate and CA). The outcome is recorded on the
 * connection and shown next to it.
 */
import { connectionKindOf } from "../connection-kinds";
import type { ConnectionCheck } from "../connection-kinds/definition";
import { recordCheck, type Connection } from "./service";

export async function testConnection(connection: Connection): Promise<ConnectionCheck> {
  const outcome = await connectionKindOf(connection).check(connection);
  const result = { ok: outcome.ok, note: outcome.note };
  await recordCheck(connection, result.ok, result.note);
  return result;
}
