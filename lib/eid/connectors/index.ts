/**
 * Which connector serves a login, decided in one place for the login's steps and for Porta's eID
 * page: in test tenants the family's own test connector (the mock eID) or the simulator; in
 * production tenants the tenant's configured connection for the eID family, through its kind
 * (lib/eid/connection-kinds). Connectors are built once per connection version and reused.
 */
import { ttlCache } from "../../process/ttl-cache";
import type { EidMethod } from "../catalogue";
import { connectionKindOf, type Connection, type KindLoginPage } from "../connection-kinds";
import { EidFailure, type EidConnector } from "../connector";
import { familyOf } from "../families";
import { findConnection } from "../connections/service";
import { simulatorConnector } from "./simulator";

/** The steps of Porta's hosted eID page: the simulator's, and those the connection kinds bring. */
export type EidPageStep = "simulator" | KindLoginPage;

interface Serving {
  connector: EidConnector;
  /** The step Porta's eID page shows while the connector runs; none when the browser goes elsewhere. */
  page?: EidPageStep;
}

const built = ttlCache<string, { version: number; connector: EidConnector }>({ name: "eid-connectors", ttlMs: Infinity });

function build(connection: Connection): EidConnector {
  const hit = built.get(connection.id);
  const version = connection.updatedAt.getTime();
  if (hit && hit.version === version) return hit.connector;
  const connector = connectionKindOf(connection).connector(connection);
  built.set(connection.id, { version, connector });
  return connector;
}

export function notConfigured(method: EidMethod): EidFailure {
  return new EidFailure("server_error", "misconfigured", `${method.name} is not configured for this tenant`);
}

async function servingFor(tenant: { id: string; environment: "test" | "production" }, method: EidMethod): Promise<Serving> {
  if (tenant.environment === "test") {
    const own = familyOf(method.family).testConnector;
    return own ? { connector: own } : { connector: simulatorConnector, page: "simulator" };
  }
  if (method.testOnly) throw notConfigured(method);
  const connection = await findConnection(tenant.id, method.family);
  if (!connection || !connection.enabled) throw notConfigured(method);
  return { connector: build(connection), page: connectionKindOf(connection).loginPage };
}

export async function connectorFor(tenant: { id: string; environment: "test" | "production" }, method: EidMethod): Promise<EidConnector> {
  return (await servingFor(tenant, method)).connector;
}

/** The step Porta's eID page shows for a login with `method`; undefined when no connector of the tenant shows one. */
export async function eidPageFor(tenant: { id: string; environment: "test" | "production" }, method: EidMethod): Promise<EidPageStep | undefined> {
  try {
    return (await servingFor(tenant, method)).page;
  } catch (error) {
    if (error instanceof EidFailure) return undefined;
    throw error;
  }
}
