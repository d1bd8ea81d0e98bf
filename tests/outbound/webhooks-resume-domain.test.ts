/**
 * Pause and resume on a tenant domain (README, "Login webhooks" and "Tenant domains"): the
 * post-auth event's resumeUrl is on the domain the login runs on, the browser resumes there and
 * gets a code whose iss is that domain; the same resume link opened on another tenant's domain is
 * refused and stays usable.
 */
import { expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { config } from "../../lib/config";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { errorPageCode, TestBrowser } from "../support/browser";
import { RP_CALLBACK } from "../support/clients";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import type { TestPorta } from "../support/test-server";
import { login, reply, rpParams, useWebhookHarness, type WebhookClient } from "./webhook-support";

let porta: TestPorta;
const { hook } = useWebhookHarness((started) => (porta = started));

const CONFIRM = "https://hooks.example/confirm?step=terms";

it("the resumeUrl is on the login's domain; resuming there gives a code of that issuer, another domain refuses it", async () => {
  const port = config().port;
  const acmeHost = `acme.localhost:${port}`;
  const betaHost = `beta.localhost:${port}`;
  await createTenant({ name: "Acme (hooks)", environment: "test", domains: [acmeHost] }, null, SYSTEM_ACTOR);
  await createTenant({ name: "Beta (hooks)", environment: "test", domains: [betaHost] }, null, SYSTEM_ACTOR);
  forgetHostMap();
  const server = await hook((req, res) => {
    if (req.body.event === "post-auth-event-1.0") return void res.writeHead(303, { Location: CONFIRM }).end();
    return reply.noContent(res);
  });
  const send = fetchOnLoopback(port);
  const registered = await send(`http://${acmeHost}/oauth2/register`, {
    method: "POST",
    headers: { Authorization: `Bearer ${porta.adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: "Acme hooks", redirect_uris: [RP_CALLBACK], response_types: ["code"], grant_types: ["authorization_code"], webhook: { url: server.url } }),
  });
  expect(registered.status).toBe(201);
  const client = (await registered.json()) as WebhookClient;

  const browser = new TestBrowser(`http://${acmeHost}`, send);
  const paused = await login(porta, client, { browser });
  expect(paused.done.location).toBe(CONFIRM);
  const resumeUrl = server.requests[0]!.body.resumeUrl as string;
  expect(resumeUrl).toMatch(new RegExp(`^http://${acmeHost.replace(".", "\\.")}/login/resume/[A-Za-z0-9_-]{43}$`));

  const path = new URL(resumeUrl).pathname;
  const elsewhere = await browser.get(`http://${betaHost}${path}`, { Cookie: `porta_browser=${browser.cookie("porta_browser")!}` });
  expect(elsewhere.status).toBe(400);
  expect(errorPageCode(elsewhere.text)).toBe("invalid_request");

  const done = await browser.get(resumeUrl);
  const params = rpParams(done);
  expect(params).toMatchObject({ state: paused.state, iss: `http://${acmeHost}` });
  expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
