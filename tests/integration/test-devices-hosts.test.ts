/**
 * The simulated devices page needs no sign-in, so a Host sees only the pending requests of the test
 * tenants it serves (PUBLIC_URL's host: the test tenants without a domain; a test tenant's domain:
 * that tenant's), national ids masked to their last four digits, and answering a request of a
 * tenant the Host does not serve is refused like an unknown request. Two test tenants on two
 * hosts, a headless request in each.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeviceRequestList } from "@/components/test-devices/device-request-list";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { config } from "../../lib/config";
import { hashToken } from "../../lib/crypto/hash";
import { pendingDeviceRequests } from "../../lib/decoupled/devices";
import { prisma } from "../../lib/db/client";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { resolveIssuerContext, type IssuerContext } from "../../lib/tenants/issuer-context";
import { basicAuth, type RegisteredClient } from "../support/clients";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { startTestPorta, type TestPorta } from "../support/test-server";

const SE = "urn:grn:authn:se:bankid";
const ERIK = "197808094515"; // se-bankid-2
const SARA = "200112246723"; // se-bankid-3

let porta: TestPorta;
let publicHost: string;
let acmeHost: string;
let betaHost: string;
/** Login id and request id of the pending request on PUBLIC_URL's host and on acme's domain. */
let onPublic: { loginId: string; requestId: string };
let onAcme: { loginId: string; requestId: string };

function send(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetchOnLoopback(config().port)(`http://${host}${path}`, { redirect: "manual", ...init });
}

async function registerOn(host: string): Promise<RegisteredClient> {
  const response = await send(host, "/oauth2/register", {
    method: "POST",
    headers: { Authorization: `Bearer ${porta.adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: `Devices RP on ${host}`, grant_types: ["urn:grn:params:grant-type:headless"] }),
  });
  const body = (await response.json()) as RegisteredClient;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

/** A headless request for `nationalId` on `host`, pending on the devices page. */
async function headlessRequestOn(host: string, nationalId: string): Promise<{ loginId: string; requestId: string }> {
  const client = await registerOn(host);
  const response = await send(host, "/headless/authorize", {
    method: "POST",
    headers: { Authorization: basicAuth(client.client_id, client.client_secret!), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ scope: "openid ssn", acr_values: SE, login_hint: `sub:ssn:${nationalId}` }).toString(),
  });
  const body = (await response.json()) as { headless_req_id: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(body.headless_req_id) } });
  return { loginId: login.id, requestId: body.headless_req_id };
}

async function contextOf(host: string): Promise<IssuerContext> {
  const context = await resolveIssuerContext(host);
  expect(context, host).toBeDefined();
  return context!;
}

async function stateOf(loginId: string): Promise<string> {
  return (await (await prisma()).login.findUniqueOrThrow({ where: { id: loginId } })).state;
}

beforeAll(async () => {
  porta = await startTestPorta();
  const port = config().port;
  publicHost = new URL(porta.issuer).host;
  acmeHost = `acme-devices.localhost:${port}`;
  betaHost = `beta-devices.localhost:${port}`;
  await createTenant({ name: "Acme devices", environment: "test", domains: [acmeHost] }, null, SYSTEM_ACTOR);
  await createTenant({ name: "Beta devices", environment: "test", domains: [betaHost] }, null, SYSTEM_ACTOR);
  forgetHostMap();
  onPublic = await headlessRequestOn(publicHost, SARA);
  onAcme = await headlessRequestOn(acmeHost, ERIK);
});

afterAll(async () => {
  await porta.close();
});

describe("the simulated devices of a Host", () => {
  it("each Host lists only the requests of the test tenants it serves", async () => {
    const listed = async (host: string) => (await pendingDeviceRequests(await contextOf(host))).map((r) => r.requestId);
    expect(await listed(publicHost)).toEqual([onPublic.requestId]);
    expect(await listed(acmeHost)).toEqual([onAcme.requestId]);
    expect(await listed(betaHost)).toEqual([]);
  });

  it("the page shows a national id masked to its last four digits, with the rows' hooks", async () => {
    const requests = await pendingDeviceRequests(await contextOf(acmeHost));
    expect(JSON.stringify(requests)).not.toContain(ERIK);
    const html = renderToStaticMarkup(createElement(DeviceRequestList, { requests }));
    expect(html).not.toContain(ERIK);
    expect(html).not.toContain(ERIK.slice(0, 8));
    expect(html).toContain(`<code data-testid="device-national-id">••••••••${ERIK.slice(-4)}</code>`);
    expect(html).toContain(`data-testid="device-request" data-request-id="${onAcme.requestId}"`);
    expect(html).toContain(`action="/test/devices/${onAcme.loginId}/approve"`);
    expect(html).toContain('data-testid="device-approve"');
    expect(html).toContain('data-testid="device-decline"');
  });

  it("approving or declining a request on a Host that does not serve its tenant is refused like an unknown request", async () => {
    for (const host of [publicHost, betaHost]) {
      for (const answer of ["approve", "decline"]) {
        const refused = await send(host, `/test/devices/${onAcme.loginId}/${answer}`, { method: "POST" });
        expect(refused.status, `${answer} on ${host}`).toBe(404);
      }
    }
    expect((await send(acmeHost, `/test/devices/${onPublic.loginId}/approve`, { method: "POST" })).status).toBe(404);
    expect(await stateOf(onAcme.loginId)).toBe("eid_authenticating");
    expect(await stateOf(onPublic.loginId)).toBe("eid_authenticating");

    // Each on its own Host is answered.
    expect((await send(acmeHost, `/test/devices/${onAcme.loginId}/approve`, { method: "POST" })).status).toBe(303);
    expect((await send(publicHost, `/test/devices/${onPublic.loginId}/decline`, { method: "POST" })).status).toBe(303);
    expect(await stateOf(onAcme.loginId)).not.toBe("eid_authenticating");
    expect(await stateOf(onPublic.loginId)).toBe("failed");
  });
});
