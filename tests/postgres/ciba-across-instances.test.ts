/** A CIBA login approved on one instance while the relying party polls another (one PostgreSQL). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { basicAuth } from "../support/clients";
import { freePort } from "../support/free-port";
import { sendIssuerHost } from "../support/issuer-host-fetch";
import { TEST_ADMIN_TOKEN } from "../support/setup-env";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";
import { hashToken } from "../../lib/crypto/hash";
import pg from "pg";

const instances: { process: PortaProcess; url: string }[] = [];
// Instances are reached by address with the issuer's Host, as behind the load balancer.
sendIssuerHost("http://porta.test:8080", () => instances.map((i) => i.url));
beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    instances.push({ process: spawnPorta({ PORT: String(port), PUBLIC_URL: "http://porta.test:8080" }), url: `http://127.0.0.1:${port}` });
  }
  await Promise.all(instances.map((i) => i.process.ready()));
}, 120_000);
afterAll(async () => {
  await Promise.all(instances.map((i) => i.process.stop()));
});

it("is approved on A while B is polled; B hands out the tokens once", { timeout: 60_000 }, async () => {
  const [a, b] = [instances[0]!, instances[1]!];
  const client = (await (
    await fetch(`${a.url}/oauth2/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: JSON.stringify({ grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "poll" }),
    })
  ).json()) as { client_id: string; client_secret: string };
  const auth = basicAuth(client.client_id, client.client_secret);
  const post = (url: string, path: string, form: Record<string, string>) =>
    fetch(`${url}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: auth }, body: new URLSearchParams(form) });
  const started = (await (await post(a.url, "/ciba/bc-authorize", { scope: "openid", acr_values: "urn:grn:authn:se:bankid", login_hint: "sub:ssn:199003152387" })).json()) as { auth_req_id: string };
  const pending = await post(b.url, "/oauth2/token", { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: started.auth_req_id });
  expect(((await pending.json()) as { error: string }).error).toBe("authorization_pending");

  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const login = (await db.query(`SELECT id FROM "LoginTransaction" WHERE "decoupledIdHash" = $1`, [hashToken(started.auth_req_id)])).rows[0] as { id: string };
  await db.end();
  const approved = await fetch(`${a.url}/test/devices/${login.id}/approve`, { method: "POST", redirect: "manual" });
  expect(approved.status).toBe(303);

  // No wait for the poll interval: an approved request's tokens are handed out on the next poll,
  // however soon (lib/decoupled/poll.ts); only a pending request answers slow_down.
  const done = await post(b.url, "/oauth2/token", { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: started.auth_req_id });
  expect(done.status).toBe(200);
  const again = await post(a.url, "/oauth2/token", { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: started.auth_req_id });
  expect(((await again.json()) as { error: string }).error).toBe("invalid_grant");
});
