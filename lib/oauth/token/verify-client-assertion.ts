/**
 * private_key_jwt (RFC 7523 §3, OIDC Core §9, spec 2.7, design.md §5.4):
 * - alg RS256, PS256 or ES256 (never none or HMAC), signed by a key of the client's jwks/jwks_uri;
 * - iss = sub = client_id (and = a body client_id, when sent);
 * - aud = the issuer identifier exactly (a string, or an array holding only it): the token or PAR
 *   endpoint URL is refused against audience injection (RFC 7523bis, FAPI 2.0);
 * - exp required, at most 5 minutes (+30 s skew) ahead, not past; nbf and iat honoured;
 * - jti single use until exp across all instances; required with require_jti or an FTN eID.
 */
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { findApplication, type ApplicationRecord } from "../../clients/application-service";
import { clientVerificationKeys } from "../../clients/client-keys";
import { config } from "../../config";
import { requiresJti } from "../../eid/catalogue";
import { OAuthError } from "../errors";
import { useJtiOnce, type JtiUse } from "../jti-store";
import { describeVerificationError } from "../describe-verification-error";

export const ASSERTION_ALGS = ["RS256", "PS256", "ES256"];
export const MAX_ASSERTION_LIFETIME_S = 300;
export const CLOCK_SKEW_S = 30;

const invalidClient = (description: string) => new OAuthError("invalid_client", description, { status: 401 });

export function jtiRequired(client: ApplicationRecord): boolean {
  return client.requireJti || client.enabledAcrValues.some(requiresJti);
}

export const assertionReplayed = () => invalidClient("client_assertion jti was already used");

/** Records an assertion's jti now; a replay is refused. */
export async function recordAssertionJti(use: JtiUse | undefined): Promise<void> {
  if (use && !(await useJtiOnce(use.issuer, use.jti, use.expiresAt))) throw assertionReplayed();
}

/**
 * Runs `body` with an assertion's deferred jti (AssertionOptions.deferJti): the body records it in
 * its own statement and then calls `settled`; if the body fails before that, the jti is recorded
 * here before the error is answered, so a refused request still uses the assertion up.
 */
export async function withDeferredJti<T>(jti: JtiUse | undefined, body: (jti: JtiUse | undefined, settled: () => void) => Promise<T>): Promise<T> {
  let pending = jti;
  try {
    return await body(jti, () => {
      pending = undefined;
    });
  } catch (error) {
    await recordAssertionJti(pending);
    throw error;
  }
}

export interface AssertionOptions {
  /**
   * Takes the jti instead of recording it here: the caller then records it (in the same statement
   * as its own write, see withDeferredJti) before it answers, and refuses a replay with
   * assertionReplayed().
   */
  deferJti?: (use: JtiUse) => void;
}

export async function verifyClientAssertion(
  _client: ApplicationRecord | null,
  assertion: string,
  formClientId: string,
  options: AssertionOptions = {},
): Promise<ApplicationRecord> {
  let header;
  let claims;
  try {
    header = decodeProtectedHeader(assertion);
    claims = decodeJwt(assertion);
  } catch {
    throw invalidClient("client_assertion is not a JWT");
  }
  if (typeof header.alg !== "string" || !ASSERTION_ALGS.includes(header.alg)) {
    throw invalidClient(`client_assertion alg ${JSON.stringify(header.alg)} is not accepted; use ${ASSERTION_ALGS.join(", ")}`);
  }
  if (typeof claims.iss !== "string" || claims.iss !== claims.sub) throw invalidClient("client_assertion iss and sub must both be the client_id");
  if (formClientId && formClientId !== claims.sub) throw invalidClient("client_id differs from the client_assertion's sub");
  const client = await findApplication(claims.sub!);
  if (!client) throw invalidClient("Client authentication failed: unknown client");
  if (client.tokenEndpointAuthMethod !== "private_key_jwt") {
    throw invalidClient(`This application is registered for ${client.tokenEndpointAuthMethod}, not private_key_jwt`);
  }

  const issuer = config().issuer;
  const aud = claims.aud;
  const audOk = aud === issuer || (Array.isArray(aud) && aud.length === 1 && aud[0] === issuer);
  if (!audOk) throw invalidClient(`client_assertion aud must be the issuer identifier ${issuer} (not an endpoint URL)`);

  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== "number") throw invalidClient("client_assertion must have exp");
  if (claims.exp > now + MAX_ASSERTION_LIFETIME_S + CLOCK_SKEW_S) {
    throw invalidClient(`client_assertion expires too far ahead (at most ${MAX_ASSERTION_LIFETIME_S} s)`);
  }
  // RFC 7519 §4.1.7: a string. Any other jti would pass unrecorded, so its replay would go unnoticed.
  if (claims.jti !== undefined && typeof claims.jti !== "string") throw invalidClient("client_assertion jti must be a string");
  if (jtiRequired(client) && (typeof claims.jti !== "string" || claims.jti.length === 0)) {
    throw invalidClient("client_assertion must have a jti (this application requires one)");
  }

  try {
    await jwtVerify(assertion, clientVerificationKeys(client), { algorithms: ASSERTION_ALGS, clockTolerance: CLOCK_SKEW_S });
  } catch (error) {
    const why = describeVerificationError(error, "client_assertion");
    if (why) throw invalidClient(why);
    throw error;
  }

  if (typeof claims.jti === "string") {
    // Kept until the assertion can no longer pass (exp + the skew jwtVerify allows), not just exp.
    const use: JtiUse = { issuer: `assertion:${client.clientId}`, jti: claims.jti, expiresAt: new Date((claims.exp + CLOCK_SKEW_S) * 1000) };
    if (options.deferJti) options.deferJti(use);
    else await recordAssertionJti(use);
  }
  return client;
}
