/**
 * The person in an upstream OpenID Connect provider's token response, held to one standard for
 * browser logins (connector.ts) and relayed CIBA (ciba.ts): the ID token's signature checked
 * against the provider's published keys, userinfo merged when the connection asks for it, the
 * assurance the connection maps, and the claim that names the person.
 */
import * as oauth from "oauth4webapi";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../../../http/json-depth";
import { ttlCache } from "../../../process/ttl-cache";
import { authenticationMethodFor } from "../../authentication-method";
import type { EidMethod } from "../../catalogue";
import { EidFailure } from "../../connector";
import type { OidcConnection } from "./schemas";
import type { EidResult } from "../../types";

const PROTOCOL_CLAIMS = new Set(["iss", "aud", "exp", "iat", "nbf", "jti", "nonce", "at_hash", "c_hash", "s_hash", "sid", "auth_time", "acr", "amr", "azp", "sub", "cnf", "events"]);

/** Each provider's JWKS, kept between logins; oauth4webapi refetches it on an unknown kid. */
const jwksCaches = ttlCache<string, oauth.JWKSCacheInput>({ name: "oidc-upstream-jwks", ttlMs: Infinity });

/** The upstream acr value(s) Porta asks for at `acr`, when the connection maps it. */
export function upstreamAcr(connection: OidcConnection, acr: string): string | undefined {
  return connection.settings.acrValues[acr];
}

/** Identity claims from the upstream claims: protocol claims dropped, the connection's mapping applied. */
export function mapClaims(connection: OidcConnection, upstream: Record<string, unknown>): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(upstream)) {
    if (!PROTOCOL_CLAIMS.has(name)) claims[name] = value;
  }
  for (const [catalogueClaim, upstreamClaim] of Object.entries(connection.settings.claimMapping)) {
    if (upstreamClaim !== catalogueClaim) delete claims[upstreamClaim];
    if (upstream[upstreamClaim] !== undefined) claims[catalogueClaim] = upstream[upstreamClaim];
  }
  return claims;
}

/**
 * The validated ID token's claims, its signature checked (the token response came over TLS from
 * the provider, but an eID's identity deserves the full check), with userinfo's claims under them
 * when the connection uses userinfo.
 */
export async function verifiedClaims(
  connection: OidcConnection,
  as: oauth.AuthorizationServer,
  response: Response,
  tokens: oauth.TokenEndpointResponse,
  options: oauth.ValidateSignatureOptions & oauth.UserInfoRequestOptions,
): Promise<Record<string, unknown>> {
  const jwks = jwksCaches.get(as.issuer) ?? {};
  await oauth.validateApplicationLevelSignature(as, response, { ...options, [oauth.jwksCache]: jwks });
  jwksCaches.set(as.issuer, jwks);
  const idToken = oauth.getValidatedIdTokenClaims(tokens);
  if (!idToken) throw new EidFailure("server_error", "invalidResponse", "The eID provider's answer has no ID token");
  if (!connection.settings.useUserinfo || !as.userinfo_endpoint) return { ...idToken };
  const client: oauth.Client = { client_id: connection.settings.clientId };
  const userinfo = await oauth.userInfoRequest(as, client, tokens.access_token, options);
  return { ...(await oauth.processUserInfoResponse(as, client, idToken.sub, userinfo)), ...idToken };
}

/** The eID result for `acr` from the provider's claims: the mapped assurance and the person's key required. */
export function identityFrom(connection: OidcConnection, claims: Record<string, unknown>, method: EidMethod, acr: string): EidResult {
  if (exceedsJsonDepth(claims)) throw new EidFailure("server_error", "invalidResponse", `The eID's claims nest deeper than ${MAX_JSON_DEPTH} levels`);
  const wanted = upstreamAcr(connection, acr);
  if (wanted && (typeof claims.acr !== "string" || !wanted.split(/\s+/).includes(claims.acr))) {
    throw new EidFailure("server_error", "invalidResponse", `The eID answered with assurance ${JSON.stringify(claims.acr ?? null)}, not the requested ${wanted}`);
  }
  const keyClaim = connection.settings.personKeyClaim;
  const personKey = claims[keyClaim];
  if ((typeof personKey !== "string" && typeof personKey !== "number") || String(personKey) === "") {
    throw new EidFailure("server_error", "invalidResponse", `The eID's answer has no ${keyClaim} to identify the person`);
  }
  return { acr, personKey: String(personKey), claims: mapClaims(connection, claims), method: authenticationMethodFor(method, acr) };
}
