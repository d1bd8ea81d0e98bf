/**
 * Stateless instances (docs/scaling.md): a login started on one instance finishes on another over
 * the same PostgreSQL, the code is redeemed on a third hop, and a code redeemed on one instance is
 * refused on the other.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginId, responseParams, TestBrowser } from "../support/browser";
import { basicAuth, RP_CALLBACK } from "../support/clients";
import { freePort } from "../support/free-port";
import { sendIssuerHost } from "../support/issuer-host-fetch";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";
import { TEST_ADMIN_TOKEN } from "../support/setup-env";

const ISSUER = "http://porta.test:8080";
const instances: { process: PortaProcess; url: string }[] = [];
// Instances are reached by address with the issuer's Host, as behind the load balancer.
sendIssuerHost(ISSUER, () => instances.map((i) => i.url));
let client: { client_id: string; client_secret: string };

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    instances.push({ process: spawnPorta({ PORT: String(port), PUBLIC_URL: ISSUER }), url: `http://127.0.0.1:${port}` });
  }
  await Promise.all(instances.map((i) => i.process.ready()));
  const registered = await fetch(`${instances[0]!.url}/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: JSON.stringify({ redirect_uris: [RP_CALLBACK], client_name: "Across" }),
  });
  client = (await registered.json()) as typeof client;
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.process.stop()));
});

/** The browser talks to the issuer's origin; the "load balancer" picks the instance per request. */
function via(instance: { url: string }, browser: TestBrowser) {
  return {
    get: (path: string) => browser.get(`${instance.url}${path}`),
    post: (path: string, body: Record<string, string>) => browser.post(`${instance.url}${path}`, body, { Origin: ISSUER }),
  };
}

function redeem(instance: { url: string }, code: string) {
  return fetch(`${instance.url}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret) },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }),
  });
}

describe("a login across two instances", () => {
  it("starts on A, picks the eID on B, authenticates on A, is redeemed on B; a replay on A is refused and revokes the tokens", async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const browser = new TestBrowser(a.url);
    const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid ssn", acr_values: "urn:grn:authn:se:bankid urn:grn:authn:no:bankid", state: "x", nonce: "y" });
    const start = await via(a, browser).get(`/oauth2/authorize?${query}`);
    expect(start.status).toBe(303);
    const id = loginId(start.location);

    // Cookies are per origin in the jar: carry A's cookies to B, as one site behind a balancer would.
    const cookie = `porta_browser=${browser.cookie("porta_browser", new URL(a.url).origin)}`;
    const selected = await browser.request("POST", `${b.url}/login/${id}/select`, { acr: "urn:grn:authn:no:bankid" }, { Origin: ISSUER, Cookie: cookie });
    expect(selected.status).toBe(303);
    expect(selected.location).toBe(`/login/${id}/eid`);
    const done = await browser.request("POST", `${a.url}/login/${id}/authenticate`, { identity: "no-bankid-3", decision: "approve" }, { Origin: ISSUER, Cookie: cookie });
    expect(done.status).toBe(303);
    const params = responseParams(done.location!);
    expect(params).toMatchObject({ state: "x", iss: ISSUER });

    const first = await redeem(b, params.code!);
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as { id_token: string; access_token: string };
    expect(decodeJwt(tokens.id_token)).toMatchObject({ iss: ISSUER, acr: "urn:grn:authn:no:bankid", socialno: "17060261210", nonce: "y" });

    const replay = await redeem(a, params.code!);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe("invalid_grant");
    // ...and the replay revoked what the first redemption issued, on every instance.
    const info = await fetch(`${b.url}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(info.status).toBe(401);
  });

  it("the same code redeemed on both instances at once succeeds exactly once", async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const browser = new TestBrowser(a.url);
    const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: "urn:grn:authn:mock", nonce: "z" });
    const done = await via(a, browser).get(`/oauth2/authorize?${query}`);
    const code = responseParams(done.location!).code!;
    const results = await Promise.all([redeem(a, code), redeem(b, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
