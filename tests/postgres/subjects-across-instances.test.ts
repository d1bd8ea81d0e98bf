/**
 * Keyed subjects across instances (README, "Subjects"): two instances over one PostgreSQL derive
 * the same `sub` for the same person (the tenant's secret is in the database, sealed under the
 * shared PORTA_SECRET), and so does an instance after a restart.
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
const instances: { process: PortaProcess; url: string; port: number }[] = [];
// Instances are reached by address with the issuer's Host, as behind the load balancer.
sendIssuerHost(ISSUER, () => instances.map((i) => i.url));
let client: { client_id: string; client_secret: string };

async function startInstance(port: number): Promise<{ process: PortaProcess; url: string; port: number }> {
  const instance = { process: spawnPorta({ PORT: String(port), PUBLIC_URL: ISSUER }), url: `http://127.0.0.1:${port}`, port };
  await instance.process.ready();
  return instance;
}

beforeAll(async () => {
  const ports = [await freePort(), await freePort()];
  instances.push(...(await Promise.all(ports.map(startInstance))));
  const registered = await fetch(`${instances[0]!.url}/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: JSON.stringify({ redirect_uris: [RP_CALLBACK], client_name: "Subjects" }),
  });
  client = (await registered.json()) as typeof client;
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.process.stop()));
});

/** A whole login of se-bankid-2 on one instance; returns the ID token's sub. */
async function subVia(instance: { url: string }): Promise<string> {
  const browser = new TestBrowser(instance.url);
  const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: "urn:grn:authn:se:bankid", nonce: "n" });
  const start = await browser.get(`${instance.url}/oauth2/authorize?${query}`);
  expect(start.status).toBe(303);
  const done = await browser.post(`${instance.url}/login/${loginId(start.location)}/authenticate`, { identity: "se-bankid-2", decision: "approve" }, { Origin: ISSUER });
  const code = responseParams(done.location!).code!;
  const tokens = await fetch(`${instance.url}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret) },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }),
  });
  expect(tokens.status).toBe(200);
  return decodeJwt(((await tokens.json()) as { id_token: string }).id_token).sub!;
}

describe("keyed subjects across instances", () => {
  it("two instances give the same person the same sub, and so does an instance after a restart", { timeout: 120_000 }, async () => {
    const onA = await subVia(instances[0]!);
    const onB = await subVia(instances[1]!);
    expect(onB).toBe(onA);

    const restarted = instances[0]!;
    await restarted.process.stop();
    instances[0] = await startInstance(restarted.port);
    expect(await subVia(instances[0])).toBe(onA);
  });
});
