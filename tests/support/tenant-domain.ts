/**
 * A production tenant is served only on its own domains, so tests reach one on a
 * `<label>.localhost:<port>` domain of the file's test server. Node's fetch will not send a Host
 * of its own: reachLocalhostDomains sends the file's fetches to `*.localhost` names to 127.0.0.1
 * through node:http with that Host, as a browser's would, and onDomain is the test server seen as
 * that domain's issuer.
 */
import { afterAll } from "vitest";
import { config } from "../../lib/config";
import { fetchOnLoopback } from "./issuer-host-fetch";
import type { TestPorta } from "./test-server";

/** A tenant domain on this file's test server. */
export function localhostDomain(label: string): string {
  return `${label}.localhost:${config().port}`;
}

/** From now until the file's end, fetches to `*.localhost` names reach the test server with their Host. */
export function reachLocalhostDomains(): void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return url.hostname.endsWith(".localhost") ? fetchOnLoopback(config().port)(input, init) : original(input, init);
  };
  afterAll(() => {
    globalThis.fetch = original;
  });
}

/** The test server as the issuer of its tenant domain `host`. */
export function onDomain<T extends TestPorta>(porta: T, host: string): T {
  return { ...porta, issuer: `http://${host}` };
}
