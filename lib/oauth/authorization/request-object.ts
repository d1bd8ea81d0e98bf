/**
 * Signed request objects (RFC 9101): the `request` parameter at authorize or in a
 * PAR body. Signed by a key of the client's jwks/jwks_uri with an allowed alg (the registered
 * request_object_signing_alg when there is one; never none or HMAC); iss = client_id,
 * aud = the issuer, exp required and at most 60 minutes after nbf (or now); a jti is single use.
 * Its claims replace the outer parameters.
 */
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../../http/json-depth";
import { invalidTextPath } from "../../http/valid-text";
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import type { ApplicationRecord } from "../../clients/application-record";
import { clientVerificationKeys } from "../../clients/client-keys";
import { currentIssuer } from "../../tenants/issuer-context";
import { OAuthError } from "../errors";
import { useJtiOnce } from "../jti-store";
import { describeVerificationError } from "../describe-verification-error";
import { now, nowSeconds } from "../../clock";

const ALGS = ["RS256", "PS256", "ES256"];
const MAX_LIFETIME_S = 3600;
const CLOCK_SKEW_S = 30;
const JWT_CLAIMS = new Set(["iss", "aud", "exp", "iat", "nbf", "jti", "request", "request_uri"]);

const invalid = (description: string) => new OAuthError("invalid_request_object", description);

/** Verifies the request object and returns its authorization parameters as strings. */
export async function verifyRequestObject(client: ApplicationRecord, jwt: string): Promise<Map<string, string>> {
  let header;
  let claims;
  try {
    header = decodeProtectedHeader(jwt);
    claims = decodeJwt(jwt);
  } catch {
    throw invalid("request is not a signed JWT");
  }
  if (exceedsJsonDepth(header) || exceedsJsonDepth(claims)) throw invalid(`request object nests deeper than ${MAX_JSON_DEPTH} levels`);
  // Its claims become the request's parameters: no NUL or invalid UTF-8 (see valid-text.ts).
  if (invalidTextPath(claims) !== undefined) throw invalid("request object holds a NUL character or text that is not valid UTF-8");
  if (header.alg === "none") throw invalid("Unsigned request objects (alg none) are not accepted");
  if (typeof header.alg !== "string" || !ALGS.includes(header.alg)) {
    throw invalid(`request object alg ${JSON.stringify(header.alg)} is not accepted; use ${ALGS.join(", ")}`);
  }
  if (client.requestObjectSigningAlg && header.alg !== client.requestObjectSigningAlg) {
    throw invalid(`This application registered request_object_signing_alg ${client.requestObjectSigningAlg}`);
  }
  if (claims.iss !== client.clientId) throw invalid("request object iss must be the client_id");
  if (claims.client_id !== undefined && claims.client_id !== client.clientId) throw invalid("client_id inside the request object differs from the one outside");
  const issuer = currentIssuer();
  const aud = claims.aud;
  if (!(aud === issuer || (Array.isArray(aud) && aud.includes(issuer)))) throw invalid(`request object aud must be the issuer ${issuer}`);
  if (typeof claims.exp !== "number") throw invalid("request object must have exp");
  // RFC 7519 §4.1.7: a string; any other jti would escape the single-use check.
  if (claims.jti !== undefined && typeof claims.jti !== "string") throw invalid("request object jti must be a string");
  const from = typeof claims.nbf === "number" ? claims.nbf : nowSeconds();
  if (claims.exp - from > MAX_LIFETIME_S) throw invalid("request object lives longer than 60 minutes (exp − nbf)");
  try {
    await jwtVerify(jwt, clientVerificationKeys(client), { algorithms: ALGS, clockTolerance: CLOCK_SKEW_S, currentDate: now() });
  } catch (error) {
    const why = describeVerificationError(error, "request object");
    if (why) throw invalid(why);
    throw error;
  }
  // The jti is kept until the object can no longer pass (exp + skew), so a sweep cannot reopen it.
  if (typeof claims.jti === "string" && !(await useJtiOnce(`request-object:${client.clientId}`, claims.jti, new Date((claims.exp + CLOCK_SKEW_S) * 1000)))) {
    throw invalid("request object jti was already used");
  }
  const params = new Map<string, string>();
  for (const [name, value] of Object.entries(claims)) {
    if (JWT_CLAIMS.has(name) || value === undefined || value === null) continue;
    params.set(name, typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value));
  }
  return params;
}
