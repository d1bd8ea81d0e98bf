/**
 * The error channels of the routing table. Every route names the channel it answers on
 * (protocol-routes.ts), and the channel's one handler answers whatever the route's endpoint
 * throws; endpoints never wrap themselves:
 * - `oauth`: JSON errors `{error, error_description}` (RFC 6749 §5.2; RFC 6750 §3 for bearer
 *   tokens) for the back-channel endpoints, the bearer-token resources and the login page's status
 *   poll. An `OAuthError` is answered as it is, anything else as a logged, generic `server_error`
 *   (lib/http/responses.ts).
 * - `browser`: the relying party's verified redirect_uri or Porta's error page, for every request
 *   a browser navigates or posts a form with (browser-errors.ts).
 * - `admin`: the admin API's JSON errors, which also name the request member at fault
 *   (lib/admin-api/api-errors.ts).
 * - `none`: documents and probes (discovery, the JWKS, health checks) refuse nothing; an
 *   unexpected failure is the same logged, generic `server_error` as everywhere.
 * An endpoint that needs its own data in the answer keeps it: the verified redirect_uri travels
 * in its error (AuthorizationRequestError), the login in the browser exchange, PAR's code mapping
 * and the token endpoint's metrics label in the endpoint.
 */
import { adminApiErrorAnswer } from "../admin-api/api-errors";
import { oauthErrorAnswer, serverErrorAnswer } from "../http/responses";
import { withBrowserErrors, type BrowserExchange } from "./browser-errors";

export type Channel = "oauth" | "browser" | "admin" | "none";

export type RouteParams = Readonly<Record<string, string>>;
export type RouteHandler = (request: Request, params: RouteParams) => Response | Promise<Response>;
/** A browser endpoint: it tells the channel what it learns (the login, its languages) on the exchange. */
export type BrowserHandler = (exchange: BrowserExchange, params: RouteParams) => Promise<Response>;

type ErrorAnswer = (error: unknown, endpoint: string, request: Request) => Response;

function answeringErrors(endpoint: string, handler: RouteHandler, answer: ErrorAnswer): RouteHandler {
  return async (request, params) => {
    try {
      return await handler(request, params);
    } catch (error) {
      return answer(error, endpoint, request);
    }
  };
}

/** `handler` with its errors answered by the OAuth channel. */
export function inOAuthChannel(endpoint: string, handler: RouteHandler): RouteHandler {
  return answeringErrors(endpoint, handler, oauthErrorAnswer);
}

/** `handler` with its errors answered by the admin API's channel. */
export function inAdminChannel(endpoint: string, handler: RouteHandler): RouteHandler {
  return answeringErrors(endpoint, handler, adminApiErrorAnswer);
}

/** `handler`, whose unexpected failures are a generic server_error. */
export function inNoChannel(endpoint: string, handler: RouteHandler): RouteHandler {
  return answeringErrors(endpoint, handler, serverErrorAnswer);
}

/** `handler` with its errors answered by the browser channel, its pages in the exchange's language. */
export function inBrowserChannel(endpoint: string, handler: BrowserHandler): RouteHandler {
  return (request, params) => withBrowserErrors(endpoint, request, (exchange) => handler(exchange, params));
}
