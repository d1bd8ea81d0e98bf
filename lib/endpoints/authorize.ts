/**
 * GET/POST /oauth2/authorize (RFC 6749 §3.1, OIDC Core §3.1.2). Validates the request, then starts
 * the hosted login. Errors about the client or redirect_uri show Porta's error page (status 400);
 * every other error returns to the verified redirect_uri with `state` and `iss`.
 */
import { BROWSER_COOKIE, SESSION_COOKIE, readCookie } from "../http/cookies";
import { errorPage } from "../http/html";
import { MAX_BODY_BYTES } from "../http/read-body";
import { logger } from "../log";
import { startBrowserLogin } from "../login/flow";
import { authorizationResponse } from "../oauth/authorization-response";
import { applyRequestObject, loadPushedRequest } from "../oauth/authorization/resolve-request";
import {
  AuthorizationRequestError,
  collectParams,
  loadClientForAuthorization,
  validateAuthorizationRequest,
} from "../oauth/authorization/validate-request";

const PAGE_CODES = new Set(["invalid_client", "invalid_redirect_uri", "invalid_request_uri"]);

async function readParams(request: Request): Promise<URLSearchParams | Response> {
  if (request.method === "GET" || request.method === "HEAD") return new URL(request.url).searchParams;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    return errorPage("invalid_request", "A POST to the authorization endpoint must be form-encoded (application/x-www-form-urlencoded)");
  }
  const body = await request.arrayBuffer();
  if (body.byteLength > MAX_BODY_BYTES) return errorPage("invalid_request", "The request is too large", 413);
  return new URLSearchParams(new TextDecoder().decode(body));
}

export async function authorize(request: Request): Promise<Response> {
  try {
    const search = await readParams(request);
    if (search instanceof Response) return search;
    const raw = collectParams(search);
    const client = await loadClientForAuthorization(raw);
    const pushed = raw.params.has("request_uri") ? await loadPushedRequest(raw, client) : undefined;
    const resolved = pushed ? pushed.raw : await applyRequestObject(raw, client);
    const validated = validateAuthorizationRequest(resolved, client, { isPushed: !!pushed, parRequestId: pushed?.parRequestId });
    return await startBrowserLogin(client, validated, {
      browserToken: readCookie(request, BROWSER_COOKIE),
      sessionToken: readCookie(request, SESSION_COOKIE),
    });
  } catch (error) {
    if (error instanceof AuthorizationRequestError) {
      if (!error.target) {
        const code = PAGE_CODES.has(error.error.code) ? error.error.code : "invalid_request";
        return errorPage(code, error.error.description);
      }
      return authorizationResponse({
        redirectUri: error.target.redirectUri,
        mode: error.target.mode,
        params: { error: error.error.code, error_description: error.error.description, state: error.target.state },
      });
    }
    logger.error({ err: error }, "authorize failed");
    return errorPage("server_error", "Porta could not start the login. Please try again.", 500);
  }
}
