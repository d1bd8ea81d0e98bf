/** What a completed eID authentication contributes to a login's tokens, and how it is kept on the login. */
import type { Prisma } from "../db/generated/client";
import { OAuthError } from "../oauth/errors";
import { openLoginClaims, sealLoginClaims } from "../privacy/personal-data";
import type { Login } from "./login-state";

export interface Authentication {
  subject: string;
  acr: string;
  authTime: Date;
  sessionId: string;
  claims: Record<string, unknown>;
}

/** The authentication as stored on login `loginId`: its claims sealed to that login. */
export function authenticationChanges(loginId: string, auth: Authentication): Prisma.LoginUncheckedUpdateInput {
  return {
    subject: auth.subject,
    acr: auth.acr,
    authTime: auth.authTime,
    sessionId: auth.sessionId,
    sealedClaims: sealLoginClaims(loginId, auth.claims),
  };
}

/** The authentication stored on a login that is past its eID step (webhook resume, consent). */
export function authenticationOf(login: Login): Authentication {
  if (!login.subject || !login.acr || !login.authTime || !login.sessionId) throw new OAuthError("server_error", "The login has no authentication yet");
  return { subject: login.subject, acr: login.acr, authTime: login.authTime, sessionId: login.sessionId, claims: openLoginClaims(login.id, login.sealedClaims) };
}
