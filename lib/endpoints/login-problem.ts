/**
 * GET /login/{id}/problem?p=<problem>: the error page for a hosted login page that cannot be shown
 * (the login expired, finished, or asks for an eID that is not available). The pages send the
 * browser here so that every error page is this one, in the login's language.
 */
import { findServedApplicationById } from "../clients/find-application";
import { findEidMethod } from "../eid/catalogue";
import { methodNameIn } from "../eid/family-text";
import { BROWSER_COOKIE, readCookie } from "../http/cookies";
import { isProblemKey, renderErrorPage } from "../http/error-page";
import { pageLocale } from "../http/page-locale";
import { findBrowserLogin } from "../login/login-store";
import { requestOf } from "../login/login";

export async function showLoginProblem(request: Request, loginId: string): Promise<Response> {
  const asked = new URL(request.url).searchParams.get("p");
  const problem = isProblemKey(asked) ? asked : "badRequest";
  const found = await findBrowserLogin(loginId, readCookie(request, BROWSER_COOKIE));
  // Another tenant's login lends this page nothing, not even its language (each tenant domain is
  // its own issuer).
  const login = found && (await findServedApplicationById(found.applicationId)) ? found : null;
  const method = login?.acr ? findEidMethod(login.acr) : undefined;
  const locale = pageLocale(request, login ? requestOf(login).uiLocales : []);
  return renderErrorPage({
    code: problem === "unavailable" ? "server_error" : "invalid_request",
    problem,
    locale,
    values: { method: method ? methodNameIn(method, locale) : "eID" },
  });
}
