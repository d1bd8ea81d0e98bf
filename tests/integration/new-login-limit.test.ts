/**
 * New logins per client IP are limited without any configuration: RATE_LIMIT_LOGINS_PER_MINUTE
 * defaults to 300, so one address cannot start logins (each a stored row) without end. Once an
 * address has started 300 in a minute, its next authorization request gets the 429 page with
 * Retry-After. (`0` turns the limit off: lib/config.test.ts; a configured limit:
 * abuse-limits.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countNewLogin } from "../../lib/abuse/limits";
import { TestBrowser } from "../support/browser";
import { registerClient, type RegisteredClient } from "../support/clients";
import { authorizePath, expectErrorPage } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

const DEFAULT_LIMIT = 300;
/** The test's requests reach the server from loopback; without TRUST_PROXY that is their client IP. */
const CLIENT_IP = "127.0.0.1";

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
});

describe("new logins per client IP, by default", () => {
  it(`the ${DEFAULT_LIMIT}th login of a minute from one address starts; the next gets the 429 page with Retry-After`, async () => {
    // The first 299 counted as authorize counts them, at once: 299 requests might outlast the minute on a slow machine.
    for (let counted = 0; counted < DEFAULT_LIMIT - 1; counted += 50) {
      const waits = await Promise.all(Array.from({ length: Math.min(50, DEFAULT_LIMIT - 1 - counted) }, () => countNewLogin(CLIENT_IP)));
      expect(waits.filter((wait) => wait > 0)).toEqual([]);
    }
    const last = await new TestBrowser(porta.issuer).get(authorizePath(rp));
    expect(last.status, last.text.slice(0, 300)).toBe(303);
    const refused = await new TestBrowser(porta.issuer).get(authorizePath(rp));
    expectErrorPage(refused, "temporarily_unavailable", 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
