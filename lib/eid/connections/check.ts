/**
 * "Test connection" in the dashboard: can Porta reach the eID with this configuration? For an
 * upstream OpenID Connect provider: discovery, the client authentication it accepts, its JWKS.
 * For Swedish BankID: the RP API over mutual TLS with the configured certificate and CA.
 * The outcome is recorded on the connection and shown next to it.
 */
import { checkBankIdConnection } from "../connection-kinds/se-bankid/check-connection";
import { checkOidcConnection } from "../connection-kinds/oidc/connector";
import { recordCheck, type Connection } from "./service";

export interface CheckOutcome {
  ok: boolean;
  note: string;
}

export async function testConnection(connection: Connection): Promise<CheckOutcome> {
  const outcome = connection.kind === "oidc" ? await checkOidcConnection(connection) : await checkBankIdConnection(connection);
  const result = { ok: outcome.ok, note: outcome.note };
  await recordCheck(connection, result.ok, result.note);
  return result;
}
