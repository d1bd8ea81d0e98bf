/** Ending a browser login with an error at its relying party (RFC 6749 §4.1.2.1, RFC 9207 `iss`). */
import { EidFailure } from "../eid/connector";
import { authorizationResponse } from "../oauth/authorization-response";
import { OAuthError } from "../oauth/errors";
import { findTransaction, requestOf, transition, TransactionConflictError, type LoginTransaction } from "./transaction";

function isFinished(tx: LoginTransaction): boolean {
  return tx.state === "failed" || tx.state === "completed";
}

/**
 * Returns `error` to the relying party's verified redirect_uri and ends the login. `tx` may be a
 * step behind (an error after the step moved it): the login is then read again, once; a login
 * that another request finished meanwhile stays as it ended (TransactionConflictError).
 * `isCancel`: the person cancelled or declined (by default: the eID says they cancelled).
 */
export async function failLogin(tx: LoginTransaction, error: OAuthError, cookies: string[] = [], isCancel = error instanceof EidFailure && error.reason === "cancelled"): Promise<Response> {
  const request = requestOf(tx);
  const changes = { error: error.code, errorDescription: error.description.slice(0, 500) };
  if (!isFinished(tx)) {
    try {
      await transition(tx, "failed", changes, { returning: false, isCancel });
    } catch (conflict) {
      if (!(conflict instanceof TransactionConflictError)) throw conflict;
      const current = await findTransaction(tx.id);
      if (!current || isFinished(current)) throw conflict;
      await transition(current, "failed", changes, { returning: false, isCancel });
    }
  }
  return authorizationResponse({
    redirectUri: request.redirectUri,
    mode: request.responseMode,
    params: { error: error.code, error_description: error.description, state: request.state },
    headers: cookies.length ? { "Set-Cookie": cookies } : undefined,
  });
}

export function cancelLogin(tx: LoginTransaction): Promise<Response> {
  return failLogin(tx, new OAuthError("access_denied", "The user cancelled the login"), [], true);
}
