/**
 * Instances addressed directly (127.0.0.1:<port>) but reached, as behind a load balancer that keeps
 * Host (README, "Tenant domains"), with the issuer's Host. Node's fetch will not send a Host of its own, so
 * requests to those origins go through node:http instead; every other fetch is left alone.
 */
import { afterAll } from "vitest";
import { sendWithHost } from "../../lib/net/send-with-host";

/**
 * A fetch for names that do not resolve here (acme.localhost:<port>, a tenant domain): every
 * request goes to 127.0.0.1:`port` and carries its URL's host as Host, as a browser's would.
 */
export function fetchOnLoopback(port: number): typeof fetch {
  return (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    return sendWithHost(new URL(request.url).host, request, { hostname: "127.0.0.1", port });
  };
}

/**
 * From now until the file's end, fetches to the origins `instances()` names carry `issuer`'s host
 * (the issuer may be known only once the file's servers run).
 * (Redirects are not followed: callers ask for `redirect: "manual"` or get none.)
 */
export function sendIssuerHost(issuer: string | (() => string), instances: () => readonly string[]): void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const origin = new URL(request.url).origin;
    if (!instances().some((url) => new URL(url).origin === origin)) return original(input, init);
    return sendWithHost(new URL(typeof issuer === "string" ? issuer : issuer()).host, request);
  };
  afterAll(() => {
    globalThis.fetch = original;
  });
}
