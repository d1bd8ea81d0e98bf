/**
 * The eID behind a production tenant's decoupled login: which connector runs it, what Porta keeps
 * of it on the login (sealed, with when it may next be asked), and how its failures reach the
 * token endpoint (CIBA Core §11).
 */
import { decryptAtRest, encryptAtRest } from "../crypto/encryption";
import type { Login } from "../db/generated/client";
import type { EidMethod } from "../eid/catalogue";
import { connectionKindOf } from "../eid/connection-kinds";
import type { EidFailure } from "../eid/connector";
import { notConfigured } from "../eid/connectors";
import { findConnection } from "../eid/connections/service";
import type { DecoupledConnector } from "../eid/decoupled-connector";
import { invalidRequest } from "../oauth/errors";
import type { DecoupledError } from "./complete-decoupled";
import type { DecoupledKind } from "./request";

/**
 * The connector of the tenant's connection for the eID, as its kind makes it: the Swedish BankID
 * RP API runs CIBA and headless; an OpenID Connect provider runs CIBA when its discovery
 * advertises a backchannel authentication endpoint (Porta relays in poll mode). No connection →
 * server_error (as for browser logins); a connection that cannot run the flow → invalid_request.
 */
export async function decoupledConnectorFor(tenantId: string, method: EidMethod, kind: DecoupledKind): Promise<DecoupledConnector> {
  const connection = await findConnection(tenantId, method.family);
  if (!connection || !connection.enabled) throw notConfigured(method);
  const connector = await connectionKindOf(connection).decoupled?.(connection, kind);
  if (connector) return connector;
  throw invalidRequest(`${method.name} cannot run ${kind === "ciba" ? "CIBA" : "headless"} logins through this tenant's connection`);
}

/** What a decoupled login keeps of its eID: the connector's state, and when it may next be asked. */
export interface UpstreamRecord {
  state: Record<string, unknown>;
  /** ms since the epoch; while a check runs, the end of its time limit (a lease). */
  nextCheckAt: number;
}

const sealContext = (loginId: string) => `login-connector:${loginId}`;

export function sealUpstream(loginId: string, record: UpstreamRecord): string {
  return encryptAtRest(JSON.stringify(record), sealContext(loginId));
}

/** The login's upstream record; undefined for a login the simulated devices answer (test tenants). */
export function openUpstream(login: Login): UpstreamRecord | undefined {
  if (!login.connectorState) return undefined;
  return JSON.parse(decryptAtRest(login.connectorState, sealContext(login.id))) as UpstreamRecord;
}

/**
 * How an eID failure ends a decoupled login: the order expiring or never being started in the
 * app → expired_token; the person's own refusal → access_denied; the eID or its connection
 * failing → server_error, whose description is Porta's fixed sentence (never the eID's text).
 */
export function decoupledErrorOf(failure: EidFailure): DecoupledError {
  if (failure.reason === "expired" || failure.reason === "startFailed") return "expired_token";
  return failure.code === "access_denied" ? "access_denied" : "server_error";
}
