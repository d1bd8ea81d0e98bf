/**
 * Upstream OpenID Connect eIDs (MitID brokers, Norwegian BankID, FTN brokers, Vipps MobilePay,
 * Freja …): Porta is the relying party of the eID's provider. Authorization code flow with PKCE
 * (S256), `state` and `nonce`, pushed (RFC 9126) when the provider offers PAR; the callback's
 * `iss` is checked (RFC 9207); the ID token is validated in full, its signature included, against
 * the provider's JWKS; userinfo is merged when configured; the login_hint's `action:` and
 * `message:` are passed on when the connection says so. Every call goes through Porta's
 * outbound guard (lib/net/safe-fetch.ts) with the connection's time limit.
 */
import * as oauth from "oauth4webapi";
import { importJWK, type JWK } from "jose";
import { config } from "../../../config";
import { pathOf } from "../../../http/protocol-paths";
import { JsonTooDeepError, parseJson } from "../../../http/json-depth";
import { OutboundError, safeFetch } from "../../../net/safe-fetch";
import { ttlCache } from "../../../process/ttl-cache";
import { EidFailure, type ConnectorLogin, type EidConnector } from "../../connector";
import type { OidcConnection } from "./schemas";
import type { EidResult } from "../../types";
import { identityFrom, upstreamAcr, verifiedClaims } from "./upstream-identity";
import { upstreamLoginHint } from "./upstream-login-hint";
import { nowMs } from "../../../clock";

/** Where upstream providers send the browser back (register this at the provider). */
export function callbackUrl(issuer = config().issuer): string {
  return `${issuer}${pathOf("eidCallback")}`;
}

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const MAX_BODY_BYTES = 1024 * 1024;

const discoveries = ttlCache<string, oauth.AuthorizationServer>({ name: "oidc-upstream-discovery", ttlMs: DISCOVERY_TTL_MS });

/** oauth4webapi's fetch, carried by Porta's outbound guard (address checks, time limit, size cap, no redirects). */
function guardedFetch(timeoutMs: number) {
  return async (url: string, options: oauth.CustomFetchOptions<string, unknown>): Promise<Response> => {
    const body = options.body === undefined || options.body === null ? undefined : String(options.body);
    const answer = await safeFetch(url, {
      method: options.method === "POST" ? "POST" : "GET",
      headers: Object.fromEntries(Object.entries(options.headers)),
      body,
      timeoutMs,
      maxBytes: MAX_BODY_BYTES,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const status = answer.status;
    if (/json/i.test(String(answer.headers["content-type"] ?? ""))) refuseTooDeep(answer.body);
    const noBody = status === 204 || status === 304;
    return new Response(noBody ? null : new Uint8Array(answer.body), { status, headers });
  };
}

/**
 * oauth4webapi reads the JSON answers itself (discovery, token, userinfo, PAR): one nested too deep
 * is refused before it does, as unreadable JSON (upstreamFailure); other parse errors are its own.
 */
function refuseTooDeep(body: Buffer): void {
  try {
    parseJson(body.toString("utf8"));
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw error;
  }
}

export function requestOptions(connection: OidcConnection) {
  const insecure = new URL(connection.settings.issuer).protocol === "http:";
  return {
    [oauth.customFetch]: guardedFetch(connection.settings.timeoutMs),
    // Plain http only reaches loopback providers when private outbound traffic is allowed (tests, development).
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

/** Turns a failure on the way to the provider into what the relying party and the person see. */
export function upstreamFailure(connection: OidcConnection, step: string, error: unknown): EidFailure {
  if (error instanceof EidFailure) return error;
  const name = connection.family;
  if (error instanceof OutboundError) {
    return new EidFailure("server_error", "unavailable", `The eID provider could not be reached (${step}: ${error.kind === "timeout" ? "no answer in time" : error.message})`, { cause: error });
  }
  if (error instanceof oauth.ResponseBodyError) {
    const misconfigured = error.error === "invalid_client" || error.error === "unauthorized_client" || error.error === "invalid_scope";
    return new EidFailure("server_error", misconfigured ? "misconfigured" : "invalidResponse", `The eID provider refused the ${step} (${error.error}${error.error_description ? `: ${error.error_description}` : ""})`, { cause: error });
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const challenge = error.cause[0]?.parameters;
    const code = challenge?.error ?? `HTTP ${error.status}`;
    const misconfigured = error.status === 401 || code === "invalid_client";
    return new EidFailure("server_error", misconfigured ? "misconfigured" : "invalidResponse", `The eID provider refused the ${step} (${code}${challenge?.error_description ? `: ${challenge.error_description}` : ""})`, { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    return new EidFailure("server_error", "invalidResponse", `The eID provider's ${step} answer is not valid: ${error.message}`, { cause: error });
  }
  if (error instanceof TypeError || error instanceof SyntaxError) {
    return new EidFailure("server_error", "invalidResponse", `The eID provider's ${step} answer could not be read (${name})`, { cause: error });
  }
  return new EidFailure("server_error", "unavailable", `The eID provider failed during the ${step}`, { cause: error });
}

export async function discover(connection: OidcConnection): Promise<oauth.AuthorizationServer> {
  const issuer = connection.settings.issuer;
  return discoveries.load(issuer, async () => {
    try {
      const url = new URL(issuer);
      const response = await oauth.discoveryRequest(url, { ...requestOptions(connection), algorithm: "oidc" });
      const as = await oauth.processDiscoveryResponse(url, response);
      if (!as.authorization_endpoint || !as.token_endpoint || !as.jwks_uri) {
        throw new EidFailure("server_error", "misconfigured", "The eID provider's discovery document lacks an authorization, token or JWKS endpoint");
      }
      return as;
    } catch (error) {
      throw upstreamFailure(connection, "discovery", error);
    }
  });
}

export async function clientAuthOf(connection: OidcConnection): Promise<oauth.ClientAuth> {
  const { clientAuth } = connection.settings;
  if (clientAuth === "private_key_jwt") {
    const jwk = connection.secrets.privateJwk as JWK | undefined;
    if (!jwk) throw new EidFailure("server_error", "misconfigured", "The connection has no private key for private_key_jwt");
    const key = (await importJWK(jwk, "RS256")) as CryptoKey;
    return oauth.PrivateKeyJwt({ key, kid: jwk.kid });
  }
  const secret = connection.secrets.clientSecret;
  if (!secret) throw new EidFailure("server_error", "misconfigured", "The connection has no client secret");
  return clientAuth === "client_secret_post" ? oauth.ClientSecretPost(secret) : oauth.ClientSecretBasic(secret);
}

function stateString(state: Record<string, unknown> | null, name: string): string {
  const value = state?.[name];
  if (typeof value !== "string") throw new EidFailure("server_error", "invalidResponse", "The eID step was not started for this login");
  return value;
}

async function start(connection: OidcConnection, login: ConnectorLogin) {
  const as = await discover(connection);
  const client: oauth.Client = { client_id: connection.settings.clientId };
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const params = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: callbackUrl(login.issuer),
    scope: connection.settings.scopes,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    prompt: "login",
    ui_locales: login.locale,
  });
  const acr = upstreamAcr(connection, login.acr);
  if (acr) params.set("acr_values", acr);
  const hint = connection.settings.forwardLoginHint ? upstreamLoginHint(login.loginHint) : undefined;
  if (hint) params.set("login_hint", hint);

  let location: URL;
  if (connection.settings.usePar && as.pushed_authorization_request_endpoint) {
    try {
      const response = await oauth.pushedAuthorizationRequest(as, client, await clientAuthOf(connection), params, requestOptions(connection));
      const pushed = await oauth.processPushedAuthorizationResponse(as, client, response);
      location = new URL(as.authorization_endpoint!);
      location.searchParams.set("client_id", client.client_id);
      location.searchParams.set("request_uri", pushed.request_uri);
    } catch (error) {
      throw upstreamFailure(connection, "pushed authorization request", error);
    }
  } else {
    location = new URL(as.authorization_endpoint!);
    for (const [name, value] of params) location.searchParams.set(name, value);
  }
  return {
    kind: "redirect" as const,
    location: location.href,
    ref: state,
    state: { issuer: as.issuer, state, nonce, codeVerifier, startedAt: nowMs() },
  };
}

function authorizationError(connection: OidcConnection, error: oauth.AuthorizationResponseError): EidFailure {
  const upstream = `${error.error}${error.error_description ? `: ${error.error_description}` : ""}`;
  if (error.error === "access_denied") {
    return new EidFailure("access_denied", "cancelled", "The person cancelled or was refused at the eID", { detail: `upstream: ${upstream}` });
  }
  if (error.error === "temporarily_unavailable" || error.error === "server_error") {
    return new EidFailure("server_error", "unavailable", `The eID provider could not log the person in (${upstream})`);
  }
  if (error.error === "login_required" || error.error === "interaction_required" || error.error === "consent_required") {
    return new EidFailure("access_denied", "refused", "The eID provider did not log the person in", { detail: `upstream: ${upstream}` });
  }
  return new EidFailure("server_error", "misconfigured", `The eID provider refused the login request (${upstream}); check the connection (${connection.family})`);
}

async function finish(connection: OidcConnection, login: ConnectorLogin, input: URLSearchParams): Promise<EidResult> {
  const expectedState = stateString(login.state, "state");
  const nonce = stateString(login.state, "nonce");
  const codeVerifier = stateString(login.state, "codeVerifier");
  const as = await discover(connection);
  const client: oauth.Client = { client_id: connection.settings.clientId };
  let callback: URLSearchParams;
  try {
    callback = oauth.validateAuthResponse(as, client, input, expectedState);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) throw authorizationError(connection, error);
    throw upstreamFailure(connection, "authorization response", error);
  }

  let claims: Record<string, unknown>;
  try {
    const options = requestOptions(connection);
    const response = await oauth.authorizationCodeGrantRequest(as, client, await clientAuthOf(connection), callback, callbackUrl(login.issuer), codeVerifier, options);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
    claims = await verifiedClaims(connection, as, response, tokens, options);
  } catch (error) {
    throw upstreamFailure(connection, "token request", error);
  }
  return identityFrom(connection, claims, login.method, login.acr);
}

export function createOidcConnector(connection: OidcConnection): EidConnector {
  return {
    kind: "oidc",
    start: (login) => start(connection, login),
    finish: (login, input) => finish(connection, login, input),
  };
}

/** "Test connection": discovery, the endpoints Porta needs, and the JWKS. */
export async function checkOidcConnection(connection: OidcConnection): Promise<{ ok: boolean; note: string }> {
  discoveries.delete(connection.settings.issuer);
  try {
    const as = await discover(connection);
    const methods = as.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    if (!methods.includes(connection.settings.clientAuth)) {
      return { ok: false, note: `The provider does not accept ${connection.settings.clientAuth} (it offers ${methods.join(", ")})` };
    }
    const jwks = await safeFetch(as.jwks_uri!, { timeoutMs: connection.settings.timeoutMs, maxBytes: MAX_BODY_BYTES });
    const keys = jwks.status === 200 ? (parseJson(jwks.body.toString("utf8")) as { keys?: unknown[] }).keys : undefined;
    if (!Array.isArray(keys) || keys.length === 0) return { ok: false, note: `The provider's JWKS (${as.jwks_uri}) has no keys` };
    const par = as.pushed_authorization_request_endpoint && connection.settings.usePar ? "PAR" : "front-channel request";
    return { ok: true, note: `Discovery of ${as.issuer} read; ${keys.length} signing key(s); ${connection.settings.clientAuth}; ${par}` };
  } catch (error) {
    const failure = upstreamFailure(connection, "discovery", error);
    return { ok: false, note: failure.description };
  }
}
