/**
 * An upstream OpenID Connect eID on a tenant domain (README, "Tenant domains"): the broker sends
 * the browser back to the domain the login runs on, the code exchange names that redirect URI, and
 * the ID token comes from the domain's issuer. The callback of a domain's login is unknown on
 * PUBLIC_URL.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { config } from "../../lib/config";
import { saveConnection } from "../../lib/eid/connections/service";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { followRedirects, responseParams, TestBrowser, type Hop } from "../support/browser";
import { basicAuth, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, expectErrorPage, MITID } from "../support/hosted-login";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { startTestPorta, type TestPorta } from "../support/test-server";
import { BROKER_PEOPLE, brokerConnection, startUpstreamBroker, type UpstreamBroker } from "../support/upstream-oidc";

let porta: TestPorta;
let broker: UpstreamBroker;
let host: string;
let client: RegisteredClient;

const domainIssuer = () => `http://${host}`;

/** Reaches the tenant domain on the test server, and the broker (127.0.0.1) as it is. */
function send(): typeof fetch {
  const onLoopback = fetchOnLoopback(config().port);
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return url.hostname.endsWith(".localhost") ? onLoopback(input, init) : fetch(input, init);
  };
}

/** Follows redirects through Porta and the broker until the relying party or a page. */
function follow(browser: TestBrowser, hop: Hop): Promise<{ last: Hop; trail: string[] }> {
  return followRedirects(browser, hop, domainIssuer(), RP_CALLBACK);
}

beforeAll(async () => {
  porta = await startTestPorta();
  host = `pension.localhost:${config().port}`;
  broker = await startUpstreamBroker({ portaIssuer: `http://${host}` });
  const tenant = await createTenant({ name: "Nordic Pension (domain)", environment: "production", domains: [host] }, null, SYSTEM_ACTOR);
  forgetHostMap();
  await saveConnection(tenant.id, brokerConnection(broker), SYSTEM_ACTOR);
  const response = await send()(`${domainIssuer()}/oauth2/register`, {
    method: "POST",
    headers: { Authorization: `Bearer ${porta.adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: "Pension portal", redirect_uris: [RP_CALLBACK] }),
  });
  client = (await response.json()) as RegisteredClient;
  expect(response.status, JSON.stringify(client)).toBe(201);
});

afterAll(async () => {
  await broker?.close();
  await porta?.close();
});

describe("an upstream OpenID Connect eID on a tenant domain", () => {
  it("returns to the domain's /login/callback and issues the domain's ID token", async () => {
    const browser = new TestBrowser(domainIssuer(), send());
    const start = await browser.get(authorizePath(client, { acr_values: MITID, scope: "openid ssn", state: "dom-1" }));
    expect(start.status, start.text.slice(0, 300)).toBe(303);
    expect(new URL(start.location!).origin).toBe(broker.issuer);

    const { last, trail } = await follow(browser, start);
    const callback = trail.find((url) => url.includes("/login/callback?"));
    expect(callback, trail.join("\n")).toBeDefined();
    expect(new URL(callback!).host).toBe(host);

    expect(last.status, last.text.slice(0, 300)).toBe(303);
    const params = responseParams(last.location!);
    expect(params).toMatchObject({ iss: domainIssuer(), state: "dom-1" });
    const redeemed = await send()(`${domainIssuer()}/oauth2/token`, {
      method: "POST",
      headers: { Authorization: basicAuth(client.client_id, client.client_secret!), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: params.code!, redirect_uri: RP_CALLBACK }).toString(),
    });
    const tokens = (await redeemed.json()) as { id_token: string };
    expect(redeemed.status, JSON.stringify(tokens)).toBe(200);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ iss: domainIssuer(), acr: MITID, cprNumberIdentifier: BROKER_PEOPLE["person-1"]!["dk.cpr"] });
  });

  it("the broker's answer for a domain's login, delivered to PUBLIC_URL instead, is refused and issues nothing", async () => {
    const browser = new TestBrowser(domainIssuer(), send());
    const start = await browser.get(authorizePath(client, { acr_values: MITID, scope: "openid ssn", state: "dom-2" }));
    // Walk to the broker's redirect back to Porta, then replay it on PUBLIC_URL with the same cookies' value.
    let hop = start;
    let base = domainIssuer();
    let back: URL | undefined;
    for (let i = 0; i < 15 && hop.location; i++) {
      const next = new URL(hop.location, base);
      if (next.pathname === "/login/callback") {
        back = next;
        break;
      }
      base = next.href;
      hop = await browser.get(next.href);
    }
    expect(back, "the broker redirects to /login/callback").toBeDefined();
    const elsewhere = new URL(`${back!.pathname}${back!.search}`, porta.issuer);
    const cookie = browser.cookie("porta_browser", new URL(domainIssuer()).origin)!;
    const onPublicUrl = await fetch(elsewhere, { redirect: "manual", headers: { Cookie: `porta_browser=${cookie}` } });
    expectErrorPage({ status: onPublicUrl.status, location: onPublicUrl.headers.get("location"), headers: onPublicUrl.headers, text: await onPublicUrl.text() }, "invalid_request");
    // The login is still in progress on its own domain.
    const { last } = await follow(browser, { ...hop, location: back!.href });
    expect(responseParams(last.location!)).toMatchObject({ iss: domainIssuer(), state: "dom-2" });
  });
});
