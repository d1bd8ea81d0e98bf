/**
 * The last step of a browser login: the authorization code (kept hashed on the completed login,
 * redeemed by lib/oauth/token/login-code-store.ts) or the implicit flow's ID token, delivered per
 * response mode.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { AuthorizationRequest } from "../oauth/authorization/request";
import { authorizationResponse } from "../oauth/authorization-response";
import { OAuthError } from "../oauth/errors";
import { idTokenClaimsFor, issueIdToken } from "../oauth/id-token";
import { authenticationChanges, type Authentication } from "./authentication";
import type { NewSession } from "./sessions";
import type { Login, LoginChanges } from "./login-state";
import { requestOf, transition } from "./login";
import { now, nowMs } from "../clock";

export const CODE_LIFETIME_S = 60;

/** A pushed request is consumed when its login completes (RFC 9126 §4: one use). */
async function consumePushedRequest(request: AuthorizationRequest, t: Prisma.TransactionClient): Promise<void> {
  if (!request.parRequestId) return;
  const consumed = await t.parRequest.updateMany({ where: { id: request.parRequestId, consumedAt: null }, data: { consumedAt: now() } });
  if (consumed.count !== 1) throw new OAuthError("invalid_request_uri", "The pushed authorization request was already used to complete a login");
}

/**
 * Issues the code or ID token and completes the login in one conditional update: the code's hash
 * and expiry are stored on the completed login, and a new SSO session (`session`, its cookie in
 * `cookies`) is inserted by the same statement (a pushed request is consumed in the same
 * database transaction; the session is then written just before).
 */
export async function issueResponse(login: Login, client: ApplicationRecord, auth: Authentication, cookies: string[], session?: NewSession): Promise<Response> {
  const request = requestOf(login);
  const params: Record<string, string | undefined> = { state: request.state };
  const changes: LoginChanges = authenticationChanges(login.id, auth);
  if (request.responseType === "code") {
    const code = randomToken(32);
    changes.codeHash = hashToken(code);
    changes.codeExpiresAt = new Date(nowMs() + CODE_LIFETIME_S * 1000);
    params.code = code;
  } else {
    changes.sealedClaims = null; // the ID token goes out now: nothing will ask for the claims again
  }
  if (request.parRequestId) {
    await session?.store();
    await (await prisma()).$transaction(async (t) => {
      await consumePushedRequest(request, t);
      await transition(login, "completed", changes, { db: t, returning: false });
    });
  } else {
    await transition(login, "completed", changes, { returning: false, session });
  }
  if (request.responseType !== "code") params.id_token = await issueIdToken(client, idTokenClaimsFor(auth, request.nonce));
  return authorizationResponse({
    redirectUri: request.redirectUri,
    mode: request.responseMode,
    params,
    headers: cookies.length ? { "Set-Cookie": cookies } : undefined,
  });
}
