/** Ending a browser login with an error at its relying party (RFC 6749 §4.1.2.1, RFC 9207 `iss`). */
import { EidFailure } from "../eid/connector";
import { authorizationResponse } from "../oauth/authorization-response";
import { OAuthError } from "../oauth/errors";
import { LoginConflictError, type Login } from "./login-state";
import { findLogin } from "./login-store";
import { requestOf, transition } from "./login";

function isFinished(login: Login): boolean {
  return login.state === "failed" || login.state === "completed";
}

/**
 * Returns `error` to the relying party's verified redirect_uri and ends the login. `login` may be a
 * step behind (an error after the step moved it): the login is then read again, once; a login
 * that another request finished meanwhile stays as it ended (LoginConflictError).
 * `isCancel`: the person cancelled or declined (by default: the eID says they cancelled).
 */
export async function failLogin(login: Login, error: OAuthError, cookies: string[] = [], isCancel = error instanceof EidFailure && error.reason === "cancelled"): Promise<Response> {
  const request = requestOf(login);
  const changes = { error: error.code, errorDescription: error.description.slice(0, 500) };
  if (!isFinished(login)) {
    try {
      await transition(login, "failed", changes, { returning: false, isCancel });
    } catch (conflict) {
      if (!(conflict instanceof LoginConflictError)) throw conflict;
      const current = await findLogin(login.id);
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

export function cancelLogin(login: Login): Promise<Response> {
  return failLogin(login, new OAuthError("access_denied", "The user cancelled the login"), [], true);
}
