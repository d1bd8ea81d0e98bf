/** What a completed eID authentication contributes to a login's tokens, and how it is kept on the login. */
import type { Prisma } from "../db/generated/client";
import { OAuthError } from "../oauth/errors";
import { openLoginClaims, sealLoginClaims } from "../privacy/personal-data";
import type { LoginTransaction } from "./transaction";

export interface Authentication {
  subject: string;
  acr: string;
  authTime: Date;
  sessionId: string;
  claims: Record<string, unknown>;
}

/** The authentication as stored on login `loginId`: its claims sealed to that login. */
export function authenticationChanges(loginId: string, auth: Authentication): Prisma.LoginTransactionUncheckedUpdateInput {
  return {
    subject: auth.subject,
    acr: auth.acr,
    authTime: auth.authTime,
    sessionId: auth.sessionId,
    sealedClaims: sealLoginClaims(loginId, auth.claims),
  };
}

/** The authentication stored on a login that is past its eID step (webhook resume, consent). */
export function authenticationOf(tx: LoginTransaction): Authentication {
  if (!tx.subject || !tx.acr || !tx.authTime || !tx.sessionId) throw new OAuthError("server_error", "The login has no authentication yet");
  return { subject: tx.subject, acr: tx.acr, authTime: tx.authTime, sessionId: tx.sessionId, claims: openLoginClaims(tx.id, tx.sealedClaims) };
}
