/**
 * CORS for the protocol endpoints a browser client calls itself (README, "Browser clients"):
 * token, PAR and userinfo. The routing table (lib/endpoints/protocol-routes.ts) wraps a route that
 * has a gate with withCors and answers its OPTIONS with preflight, so `npm start` and `next dev`
 * answer alike. Which origins a gate admits is the gate's business
 * (lib/endpoints/public-client-cors.ts); this module only speaks the Fetch standard's CORS
 * protocol:
 * - an origin the gate admits gets `Access-Control-Allow-Origin: <that origin>`, never `*`, and no
 *   `Access-Control-Allow-Credentials` (these endpoints read no cookies);
 * - any other origin gets no CORS header at all: its request is served as if it came from a
 *   server, and the browser keeps the answer from the page. A preflight from it gets a plain 204;
 * - `Vary: Origin` on every answer of the route, whether or not it carried an Origin;
 * - `Origin: null`, a value that is not a serialised origin, and Porta's own origin (a same-origin
 *   request needs no CORS) are never looked up.
 * Discovery and the JWKS are public documents and send `Access-Control-Allow-Origin: *` themselves.
 */
import { logger } from "../log";
import { copyRequest } from "./read-body";
import { currentIssuerOrigin } from "./request-issuer";

/** Which origins may call a route from a browser. */
export interface CorsGate {
  /** A preflight's question, asked before any body is sent: may this origin call the route at all? */
  admitsOrigin(origin: string): Promise<boolean>;
  /** An actual request's question: may this origin read this answer? `request` is a copy; its body may be read. */
  admitsRequest(request: Request, origin: string): Promise<boolean>;
}

type Handler<P> = (request: Request, params: P) => Response | Promise<Response>;

/** What a browser client sends besides the CORS-safelisted headers. */
const ALLOWED_HEADERS = "Authorization, Content-Type";
/** Headers a browser client reads from an answer: the bearer challenge (RFC 6750 §3), an abuse limit's wait. */
const EXPOSED_HEADERS = "WWW-Authenticate, Retry-After";
/** How long a browser may reuse a preflight's answer (Chromium caps it at two hours). */
export const PREFLIGHT_MAX_AGE_S = 600;

/**
 * The request's Origin when it is another site's serialised origin (scheme://host[:port]), else
 * undefined: no Origin, `null` (a sandboxed or privacy-sensitive context), a malformed value, or
 * Porta's own origin.
 */
export function crossOrigin(request: Request): string | undefined {
  const origin = request.headers.get("origin");
  if (origin === null || origin === "null") return undefined;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return undefined;
  }
  // A path, a trailing slash, credentials, upper case or a default port: not what browsers send.
  if (parsed.origin !== origin || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) return undefined;
  return origin === currentIssuerOrigin() ? undefined : origin;
}

/** Adds `Origin` to the answer's Vary (it depends on the Origin header). */
function varyOnOrigin(headers: Headers): void {
  const vary = headers.get("vary");
  if (!vary) headers.set("Vary", "Origin");
  else if (!vary.split(",").some((name) => name.trim().toLowerCase() === "origin" || name.trim() === "*")) headers.set("Vary", `${vary}, Origin`);
}

/** Asks the gate; a failure to answer (the database, say) admits nothing and is logged. */
async function ask(question: () => Promise<boolean>, route: string): Promise<boolean> {
  try {
    return await question();
  } catch (error) {
    logger.warn({ err: error, route }, "CORS origin check failed");
    return false;
  }
}

/**
 * A route handler with CORS: the gate is asked while the handler runs (on a copy of the request,
 * whose body both may read), and the answer carries the CORS headers when the gate admits the
 * origin.
 */
export function withCors<P>(gate: CorsGate, route: string, handler: Handler<P>): Handler<P> {
  return async (request, params) => {
    const origin = crossOrigin(request);
    if (origin === undefined) {
      const response = await handler(request, params);
      varyOnOrigin(response.headers);
      return response;
    }
    const copy = copyRequest(request);
    const [response, admitted] = await Promise.all([handler(request, params), ask(() => gate.admitsRequest(copy, origin), route)]);
    varyOnOrigin(response.headers);
    if (admitted) {
      response.headers.set("Access-Control-Allow-Origin", origin);
      response.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
    return response;
  };
}

/**
 * The answer to OPTIONS on a route with CORS: 204 with Allow, and for a preflight (it names
 * Access-Control-Request-Method) from an admitted origin the CORS headers. The gate has no body
 * to look at here, so it answers for the origin alone; the actual request is checked again.
 */
export function preflight(gate: CorsGate, route: string, methods: readonly string[]): Handler<unknown> {
  const allow = [...methods, "OPTIONS"].join(", ");
  return async (request) => {
    const headers = new Headers({ Allow: allow, Vary: "Origin" });
    const origin = crossOrigin(request);
    if (origin !== undefined && request.headers.has("access-control-request-method") && (await ask(() => gate.admitsOrigin(origin), route))) {
      headers.set("Access-Control-Allow-Origin", origin);
      headers.set("Access-Control-Allow-Methods", methods.join(", "));
      headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
      headers.set("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_S));
    }
    return new Response(null, { status: 204, headers });
  };
}
