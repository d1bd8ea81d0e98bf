/**
 * private_key_jwt (RFC 7523 §3, OIDC Core §9; README, "Logging users in"):
 * - alg RS256, PS256 or ES256 (never none or HMAC), signed by a key of the client's jwks/jwks_uri;
 * - iss = sub = client_id (and = a body client_id, when sent);
 * - aud = the issuer identifier exactly: a string, or an array that holds it and otherwise only
 *   Porta's own endpoint URLs at that issuer (Auth.js sends `[issuer, token endpoint]`). An aud
 *   without the issuer (the token or PAR endpoint URL alone, another party) is refused: an
 *   assertion made for another audience and replayed here never names this issuer (audience
 *   injection; RFC 7523bis, FAPI 2.0);
 * - exp required, at most 5 minutes (+30 s skew) ahead, not past; nbf and iat honoured;
 * - jti single use until exp across all instances; required with require_jti or an FTN eID. It is
 *   returned, not recorded: the request records it with its own statement (pending-checks.ts).
 * An assertion malformed before the client is looked up (not a JWT, a refused alg, iss ≠ sub, a
 * body client_id ≠ sub) is refused with a precise description; every later failure answers the
 * same (client-authentication-error.ts), its reason logged.
 */
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../../http/json-depth";
import { isOwnEndpointUrl } from "../../http/protocol-paths";
import { invalidTextPath } from "../../http/valid-text";
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import type { ApplicationRecord } from "../../clients/application-record";
import { findServedApplication } from "../../clients/find-application";
import { clientVerificationKeys } from "../../clients/client-keys";
import { currentIssuer } from "../../tenants/issuer-context";
import { requiresJti } from "../../eid/catalogue";
import { OAuthError } from "../errors";
import type { JtiUse } from "../jti-store";
import { describeVerificationError } from "../describe-verification-error";
import { ClientAuthenticationError } from "./client-authentication-error";
import { nowSeconds } from "../../clock";

export const ASSERTION_ALGS = ["RS256", "PS256", "ES256"];
export const MAX_ASSERTION_LIFETIME_S = 300;
export const CLOCK_SKEW_S = 30;

/** An assertion malformed before any client is looked up: its description may say how. */
const malformed = (description: string) => new OAuthError("invalid_client", description, { status: 401 });
const ISSUER_PREFIX = "assertion:";

export function jtiRequired(client: ApplicationRecord): boolean {
  return client.requireJti || client.enabledAcrValues.some(requiresJti);
}

/** A verified assertion's client, and its jti to record as used (when it carries one). */
export interface VerifiedAssertion {
  client: ApplicationRecord;
  jti?: JtiUse;
}

export async function verifyClientAssertion(assertion: string, formClientId: string): Promise<VerifiedAssertion> {
  let header;
  let claims;
  try {
    header = decodeProtectedHeader(assertion);
    claims = decodeJwt(assertion);
  } catch {
    throw malformed("client_assertion is not a JWT");
  }
  if (exceedsJsonDepth(header) || exceedsJsonDepth(claims)) throw malformed(`client_assertion nests deeper than ${MAX_JSON_DEPTH} levels`);
  // Its claims are looked up and stored (client_id, jti): no NUL or invalid UTF-8 goes further.
  if (invalidTextPath(claims) !== undefined) throw malformed("client_assertion holds a NUL character or text that is not valid UTF-8");
  if (typeof header.alg !== "string" || !ASSERTION_ALGS.includes(header.alg)) {
    throw malformed(`client_assertion alg ${JSON.stringify(header.alg)} is not accepted; use ${ASSERTION_ALGS.join(", ")}`);
  }
  if (typeof claims.iss !== "string" || claims.iss !== claims.sub) throw malformed("client_assertion iss and sub must both be the client_id");
  if (formClientId && formClientId !== claims.sub) throw malformed("client_id differs from the client_assertion's sub");
  const clientId = claims.iss;
  const failed = (reason: string) => new ClientAuthenticationError(reason, clientId);
  const client = await findServedApplication(clientId);
  if (!client) throw failed("unknown client_id");
  if (client.tokenEndpointAuthMethod !== "private_key_jwt") {
    throw failed(`the application is registered for ${client.tokenEndpointAuthMethod}, not private_key_jwt`);
  }
  // RFC 7591 §2 and OpenID Connect Registration §2: an assertion signed otherwise is refused.
  const registeredAlg = client.tokenEndpointAuthSigningAlg;
  if (registeredAlg && header.alg !== registeredAlg) throw failed(`client_assertion alg ${header.alg}: this application registered token_endpoint_auth_signing_alg ${registeredAlg}`);

  const issuer = currentIssuer();
  const aud = claims.aud;
  const audOk = aud === issuer || (Array.isArray(aud) && aud.includes(issuer) && aud.every((value) => value === issuer || isOwnEndpointUrl(issuer, value)));
  if (!audOk) throw failed(`client_assertion aud must be the issuer identifier ${issuer}: a string, or an array holding it and otherwise only this issuer's endpoint URLs`);

  const now = nowSeconds();
  if (typeof claims.exp !== "number") throw failed("client_assertion must have exp");
  if (claims.exp > now + MAX_ASSERTION_LIFETIME_S + CLOCK_SKEW_S) {
    throw failed(`client_assertion expires too far ahead (at most ${MAX_ASSERTION_LIFETIME_S} s)`);
  }
  // RFC 7519 §4.1.7: a string. Any other jti would pass unrecorded, so its replay would go unnoticed.
  if (claims.jti !== undefined && typeof claims.jti !== "string") throw failed("client_assertion jti must be a string");
  if (jtiRequired(client) && (typeof claims.jti !== "string" || claims.jti.length === 0)) {
    throw failed("client_assertion must have a jti (this application requires one)");
  }

  try {
    await jwtVerify(assertion, clientVerificationKeys(client), { algorithms: registeredAlg ? [registeredAlg] : ASSERTION_ALGS, clockTolerance: CLOCK_SKEW_S, currentDate: new Date(now * 1000) });
  } catch (error) {
    const why = describeVerificationError(error, "client_assertion");
    if (why) throw failed(why);
    throw error;
  }

  if (typeof claims.jti !== "string") return { client };
  // Kept until the assertion can no longer pass (exp + the skew jwtVerify allows), not just exp.
  return { client, jti: { issuer: `${ISSUER_PREFIX}${client.clientId}`, jti: claims.jti, expiresAt: new Date((claims.exp + CLOCK_SKEW_S) * 1000) } };
}
