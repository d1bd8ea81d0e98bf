/**
 * CIBA ping mode: on approval Porta calls the client's notification endpoint with the client's
 * notification token as bearer and {auth_req_id}; the client then fetches the tokens.
 * And a decoupled login runs the application's post-auth webhook: a 303 there is a failure.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { basicAuth, registerClient, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let server: Server;
let base = "";
const pings: { authorization: string | undefined; body: string }[] = [];
let webhookStatus = 204;

beforeAll(async () => {
  porta = await startTestPorta();
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (req.url === "/ping") {
        pings.push({ authorization: req.headers.authorization, body });
        res.writeHead(204).end();
      } else if (webhookStatus === 303) res.writeHead(303, { Location: "https://hook.example/page" }).end();
      else res.writeHead(webhookStatus).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await porta.close();
  await new Promise((resolve) => server.close(resolve));
});

const SE = "urn:grn:authn:se:bankid";
const post = (path: string, client: RegisteredClient, form: Record<string, string>) =>
  fetch(`${porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret!) },
    body: new URLSearchParams(form),
  });

async function approve(id: string): Promise<void> {
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(id) } });
  await fetch(`${porta.issuer}/test/devices/${login.id}/approve`, { method: "POST", redirect: "manual" });
}

describe("CIBA ping", () => {
  it("pings the notification endpoint with the client's token, then the client gets its tokens", async () => {
    const client = await registerClient(porta, {
      grant_types: ["urn:openid:params:grant-type:ciba"],
      response_types: undefined,
      redirect_uris: undefined,
      backchannel_token_delivery_mode: "ping",
      backchannel_client_notification_endpoint: `${base}/ping`,
    });
    const missing = await post("/ciba/bc-authorize", client, { scope: "openid", acr_values: SE, login_hint: "sub:ssn:199003152387" });
    expect(((await missing.json()) as { error: string }).error).toBe("invalid_request"); // ping needs client_notification_token
    const started = (await (await post("/ciba/bc-authorize", client, { scope: "openid", acr_values: SE, login_hint: "sub:ssn:199003152387", client_notification_token: "nt-123456789" })).json()) as { auth_req_id: string };
    await approve(started.auth_req_id);
    expect(pings).toHaveLength(1);
    expect(pings[0]).toEqual({ authorization: "Bearer nt-123456789", body: JSON.stringify({ auth_req_id: started.auth_req_id }) });
    const tokens = await post("/oauth2/token", client, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: started.auth_req_id });
    expect(tokens.status).toBe(200);
  });
});

describe("webhooks in decoupled logins", () => {
  it("a 204 webhook lets the CIBA login complete; a 303 fails it with server_error", async () => {
    const client = await registerClient(porta, {
      grant_types: ["urn:openid:params:grant-type:ciba"],
      response_types: undefined,
      redirect_uris: undefined,
      backchannel_token_delivery_mode: "poll",
      webhook: { url: `${base}/hook` },
    });
    const run = async () => {
      const started = (await (await post("/ciba/bc-authorize", client, { scope: "openid", acr_values: SE, login_hint: "sub:ssn:199003152387" })).json()) as { auth_req_id: string };
      await approve(started.auth_req_id);
      const r = await post("/oauth2/token", client, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: started.auth_req_id });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    webhookStatus = 204;
    expect((await run()).status).toBe(200);
    webhookStatus = 303;
    const failed = await run();
    expect(failed.body).toMatchObject({ error: "server_error", error_description: "login webhook failed" });
  });
});
