/**
 * The playground's relying party: builds authorization requests for the demo application and
 * completes them with oauth4webapi, over HTTP to Porta's own endpoints (as an outside RP would).
 * Back-channel calls go to this instance on loopback, so they work behind any load balancer.
 */
import * as oauth from "oauth4webapi";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { z } from "zod";
import { config } from "../config";
import { sendWithHost } from "../net/send-with-host";
import { expectedIdTokenEncryption, openIdToken, type OpenedIdToken } from "./id-token-decryption";
import type { PlaygroundClient } from "./playground-app";
import { now, nowMs } from "../clock";

export const ZPlaygroundRequestSchema = z.object({
  acr_values: z.array(z.string().max(100)).max(20).default([]),
  scopes: z.array(z.enum(["ssn", "address", "email", "phone", "birthdate", "gender"])).default([]),
  login_hint: z.string().max(3000).optional(),
  prompt: z.enum(["", "none", "login", "consent", "consent_revoke"]).default(""),
  response_type: z.enum(["code", "id_token"]).default("code"),
  response_mode: z.enum(["", "query", "fragment", "form_post"]).default(""),
  pkce: z.boolean().default(true),
  max_age: z.string().regex(/^\d{0,9}$/).default(""),
  ui_locales: z.string().max(50).default(""),
});
export type TPlaygroundRequest = z.infer<typeof ZPlaygroundRequestSchema>;

export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier?: string;
  responseType: "code" | "id_token";
  startedAt: number;
}

export interface PlaygroundResult {
  ok: boolean;
  /** Userinfo and token details were left out to fit the result cookie. */
  trimmed?: boolean;
  error?: string;
  errorDescription?: string;
  idTokenHeader?: Record<string, unknown>;
  /** The JWE protected header when the ID token came encrypted (the playground opened it). */
  idTokenEncryption?: Record<string, unknown>;
  idTokenClaims?: Record<string, unknown>;
  userinfo?: Record<string, unknown>;
  tokenResponse?: Record<string, unknown>;
  responseParameters: Record<string, string>;
}

/** Calls to the issuer's origin (PUBLIC_URL or a tenant domain) go to this process on loopback, under its Host. */
function internalFetch(rp: PlaygroundClient): typeof fetch {
  const issuer = new URL(rp.issuer);
  return (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== issuer.origin) return fetch(request);
    return sendWithHost(issuer.host, request, { hostname: "127.0.0.1", port: config().port });
  };
}

const options = (rp: PlaygroundClient) => ({ [oauth.customFetch]: internalFetch(rp), [oauth.allowInsecureRequests]: true });

async function authorizationServer(rp: PlaygroundClient): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(rp.issuer);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options(rp)));
}

/** The authorization URL for a playground request, and the pending state to keep. */
export async function beginLogin(rp: PlaygroundClient, input: TPlaygroundRequest): Promise<{ url: string; pending: PendingLogin }> {
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(`${rp.issuer}/oauth2/authorize`);
  const p = url.searchParams;
  p.set("client_id", rp.clientId);
  p.set("redirect_uri", rp.redirectUri);
  p.set("response_type", input.response_type);
  p.set("scope", ["openid", ...input.scopes].join(" "));
  p.set("state", state);
  p.set("nonce", nonce);
  if (input.acr_values.length) p.set("acr_values", input.acr_values.join(" "));
  if (input.login_hint) p.set("login_hint", input.login_hint);
  if (input.prompt) p.set("prompt", input.prompt);
  if (input.response_mode) p.set("response_mode", input.response_mode);
  if (input.max_age) p.set("max_age", input.max_age);
  if (input.ui_locales) p.set("ui_locales", input.ui_locales);
  let codeVerifier: string | undefined;
  if (input.pkce && input.response_type === "code") {
    codeVerifier = oauth.generateRandomCodeVerifier();
    p.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
    p.set("code_challenge_method", "S256");
  }
  return { url: url.toString(), pending: { state, nonce, codeVerifier, responseType: input.response_type, startedAt: nowMs() } };
}

function errorResult(parameters: Record<string, string>, error: string, description: string): PlaygroundResult {
  return { ok: false, error, errorDescription: description, responseParameters: parameters };
}

/**
 * Implicit (response_type=id_token), which oauth4webapi deliberately does not do: check the
 * response's iss (RFC 9207) and state, open the ID token when it is encrypted, then check its
 * signature, iss, aud and nonce.
 */
async function completeImplicit(
  rp: PlaygroundClient,
  as: oauth.AuthorizationServer,
  parameters: URLSearchParams,
  pending: PendingLogin,
  shown: Record<string, string>,
): Promise<PlaygroundResult> {
  if (parameters.get("iss") !== as.issuer) return errorResult(shown, "invalid_response", "The response's iss parameter is not this issuer");
  if (parameters.get("state") !== pending.state) return errorResult(shown, "invalid_response", "The response's state does not match");
  const error = parameters.get("error");
  if (error) return errorResult(shown, error, parameters.get("error_description") ?? "");
  const idToken = parameters.get("id_token");
  if (!idToken) return errorResult(shown, "invalid_response", "The response has no id_token");
  const opened = await openIdToken(idToken, await expectedIdTokenEncryption(rp.application));
  const jwks = (await (await internalFetch(rp)(as.jwks_uri!)).json()) as JSONWebKeySet;
  const { payload, protectedHeader } = await jwtVerify(opened.jws, createLocalJWKSet(jwks), { issuer: as.issuer, audience: rp.clientId, currentDate: now() });
  if (payload.nonce !== pending.nonce) return errorResult(shown, "invalid_response", "The ID token's nonce does not match");
  return {
    ok: true,
    idTokenHeader: protectedHeader as Record<string, unknown>,
    ...(opened.encryption ? { idTokenEncryption: opened.encryption } : {}),
    idTokenClaims: payload as Record<string, unknown>,
    responseParameters: shown,
  };
}

/** Validates the authorization response and, for a code, redeems it and calls userinfo. */
export async function completeLogin(rp: PlaygroundClient, parameters: URLSearchParams, pending: PendingLogin): Promise<PlaygroundResult> {
  const shown = Object.fromEntries([...parameters].map(([k, v]) => [k, k === "code" || k === "id_token" ? `${v.slice(0, 12)}…` : v]));
  const as = await authorizationServer(rp);
  const client: oauth.Client = { client_id: rp.clientId };
  if (pending.responseType === "id_token") return completeImplicit(rp, as, parameters, pending, shown);
  let validated: URLSearchParams;
  try {
    validated = oauth.validateAuthResponse(as, client, parameters, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      return errorResult(shown, error.error, error.error_description ?? "");
    }
    return errorResult(shown, "invalid_response", (error as Error).message);
  }

  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(rp.clientSecret),
    validated,
    rp.redirectUri,
    pending.codeVerifier ?? oauth.nopkce,
    options(rp),
  );
  // oauth4webapi hands an encrypted ID token to `jweDecrypt`, then checks the signed one inside.
  const expected = await expectedIdTokenEncryption(rp.application);
  let opened: OpenedIdToken | undefined;
  const jweDecrypt: oauth.JweDecryptFunction = async (jwe) => {
    opened = await openIdToken(jwe, expected);
    return opened.jws;
  };
  let tokens: oauth.TokenEndpointResponse;
  try {
    tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: pending.nonce, requireIdToken: true, [oauth.jweDecrypt]: jweDecrypt });
    opened ??= await openIdToken(tokens.id_token!, expected);
    await oauth.validateApplicationLevelSignature(as, response, options(rp));
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return errorResult(shown, error.error, error.error_description ?? "");
    return errorResult(shown, "invalid_response", (error as Error).message);
  }
  const claims = oauth.getValidatedIdTokenClaims(tokens)!;
  const infoResponse = await oauth.userInfoRequest(as, client, tokens.access_token, options(rp));
  const userinfo = await oauth.processUserInfoResponse(as, client, claims.sub, infoResponse);
  const [header] = opened.jws.split(".");
  return {
    ok: true,
    idTokenHeader: JSON.parse(Buffer.from(header!, "base64url").toString("utf8")) as Record<string, unknown>,
    ...(opened.encryption ? { idTokenEncryption: opened.encryption } : {}),
    idTokenClaims: claims as Record<string, unknown>,
    userinfo: userinfo as Record<string, unknown>,
    tokenResponse: { token_type: tokens.token_type, expires_in: tokens.expires_in, scope: tokens.scope, access_token: `${tokens.access_token.slice(0, 8)}…` },
    responseParameters: shown,
  };
}
