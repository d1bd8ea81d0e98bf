/**
 * Which connector serves a login: in test tenants the family's own test connector (the mock eID)
 * or the simulator; in production tenants the tenant's configured connection for the eID family
 * (an upstream OpenID Connect provider or the Swedish BankID RP API). Connectors are built once
 * per connection version and reused.
 */
import { ttlCache } from "../../process/ttl-cache";
import type { EidMethod } from "../catalogue";
import { EidFailure, type EidConnector } from "../connector";
import { familyOf } from "../families";
import { findConnection, type Connection } from "../connections/service";
import { createBankIdConnector } from "../bankid/connector";
import { createOidcConnector } from "./oidc";
import { simulatorConnector } from "./simulator";

const built = ttlCache<string, { version: number; connector: EidConnector }>({ name: "eid-connectors", ttlMs: Infinity });

function build(connection: Connection): EidConnector {
  const hit = built.get(connection.id);
  const version = connection.updatedAt.getTime();
  if (hit && hit.version === version) return hit.connector;
  const connector = connection.kind === "oidc" ? createOidcConnector(connection) : createBankIdConnector(connection);
  built.set(connection.id, { version, connector });
  return connector;
}

export function notConfigured(method: EidMethod): EidFailure {
  return new EidFailure("server_error", "misconfigured", `${method.name} is not configured for this tenant`);
}

export async function connectorFor(tenant: { id: string; environment: "test" | "production" }, method: EidMethod): Promise<EidConnector> {
  if (tenant.environment === "test") return familyOf(method.family).testConnector ?? simulatorConnector;
  if (method.testOnly) throw notConfigured(method);
  const connection = await findConnection(tenant.id, method.family);
  if (!connection || !connection.enabled) throw notConfigured(method);
  return build(connection);
}
