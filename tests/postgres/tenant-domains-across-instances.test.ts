/**
 * Tenant domains over several instances (README "Tenant domains", docs/scaling.md): a domain added
 * through one instance's admin API is served by that instance at once and by another within the
 * host map's cache window (CLIENT_CACHE_TTL_MS), with no message between them.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_CACHE_TTL_MS } from "../../lib/clients/application-cache";
import { freePort } from "../support/free-port";
import { TEST_ADMIN_TOKEN } from "../support/setup-env";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";
import { waitFor } from "../support/wait-for";

const ISSUER = "http://porta.test:8080";
const DOMAIN = "acme.localhost:8080";
const instances: { process: PortaProcess; port: number }[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    instances.push({ process: spawnPorta({ PORT: String(port), PUBLIC_URL: ISSUER }), port });
  }
  await Promise.all(instances.map((i) => i.process.ready()));
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.process.stop()));
});

/** One request to an instance with `host` as its Host header. */
function send(port: number, host: string, method: string, path: string, json?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const headers: Record<string, string> = { host, authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
  if (body !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const discoveryOn = (port: number) => send(port, DOMAIN, "GET", "/.well-known/openid-configuration");

describe("a tenant domain across instances", () => {
  it("is served by the instance that added it at once and by the other within the cache window", { timeout: 60_000 }, async () => {
    const [a, b] = instances.map((i) => i.port) as [number, number];
    // Both instances have loaded their (empty) host map: the other one holds a copy without the domain.
    expect((await discoveryOn(a)).status).toBe(421);
    expect((await discoveryOn(b)).status).toBe(421);

    const created = await send(a, new URL(ISSUER).host, "POST", "/api/v1/tenants", { name: "Acme across instances", environment: "test", domains: [DOMAIN] });
    expect(created.status).toBe(201);

    const onA = await discoveryOn(a);
    expect(onA.status).toBe(200);
    expect(onA.body.issuer).toBe(`http://${DOMAIN}`);

    // The other instance reloads its copy once it is older than the cache window (on real time:
    // it is another process).
    let onB = await discoveryOn(b);
    await waitFor(async () => (onB = await discoveryOn(b)).status === 200, CLIENT_CACHE_TTL_MS + 10_000, 250);
    expect(onB.status).toBe(200);
    expect(onB.body.issuer).toBe(`http://${DOMAIN}`);
    // PUBLIC_URL's issuer is unchanged on both.
    for (const port of [a, b]) expect((await send(port, new URL(ISSUER).host, "GET", "/.well-known/openid-configuration")).body.issuer).toBe(ISSUER);
  });
});
