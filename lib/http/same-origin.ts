/**
 * Whether a form post comes from Porta's own pages. Browsers send `Origin` on every POST; a page
 * with `Referrer-Policy: no-referrer` (all of Porta's) makes it `null`, and then the Fetch
 * Metadata header `Sec-Fetch-Site` tells a cross-site post from a same-origin one. Porta's own
 * origin is the request's issuer's: PUBLIC_URL, or the tenant domain the login runs on.
 */
import { currentIssuerOrigin } from "./request-issuer";

export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null || origin === "null") return request.headers.get("sec-fetch-site") !== "cross-site";
  return origin === currentIssuerOrigin();
}
