/**
 * The identity claims of a login: the eID's claims released by scope (dynamic strategy) or by the
 * application's static_scopes for that eID (static strategy; request scopes beyond openid are
 * ignored).
 */
import type { ApplicationRecord } from "../clients/application-record";
import { findEidMethod } from "../eid/catalogue";
import { releaseClaims } from "../eid/release-claims";
import type { EidResult } from "../eid/types";

export function effectiveScopes(client: ApplicationRecord, acr: string, requested: string[]): string[] {
  if (client.scopeStrategy !== "static") return requested;
  const configured = (client.staticScopes as Record<string, string[]> | null)?.[acr] ?? [];
  return ["openid", ...configured.filter((s) => s !== "openid")];
}

export function identityClaims(client: ApplicationRecord, result: EidResult, scopes: string[], authTime: Date): Record<string, unknown> {
  const method = findEidMethod(result.acr);
  if (!method) throw new Error(`unknown acr ${result.acr}`);
  return releaseClaims({
    acr: result.acr,
    family: method.family,
    identityScheme: method.identityScheme,
    country: method.country,
    method: result.method,
    claims: result.claims,
    scopes: effectiveScopes(client, result.acr, scopes),
    authTime,
  });
}
