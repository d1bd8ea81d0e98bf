/**
 * The playground on a tenant domain (README, "Tenant domains"): off until an owner turns it on;
 * then it logs in as the tenant's playground application on that domain's issuer, and its redirect
 * URIs follow the tenant's domains. PUBLIC_URL keeps the demo application; a host that serves no
 * issuer, or a domain without a playground, has none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { findApplication } from "../../lib/clients/find-application";
import { updateApplicationMetadata } from "../../lib/clients/update-application-metadata";
import { config } from "../../lib/config";
import { playgroundCallback, playgroundForHost, startPlayground } from "../../lib/playground/endpoints";
import { disablePlayground, enablePlayground, playgroundClientIdOf } from "../../lib/playground/playground-app";
import type { PlaygroundResult } from "../../lib/playground/relying-party";
import { PLAYGROUND_RESULT_COOKIE, PLAYGROUND_STATE_COOKIE, unseal } from "../../lib/playground/session";
import { DEMO_CLIENT_ID } from "../../lib/setup/demo";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { updateTenant } from "../../lib/tenants/tenant-domains";
import { TestBrowser } from "../support/browser";
import { expectEidStep, MITID } from "../support/hosted-login";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let host: string;
let tenantId: string;

const issuer = () => `http://${host}`;

/** The value of a cookie a response sets. */
function setCookie(response: Response, name: string): string | undefined {
  const header = response.headers.getSetCookie().find((h) => h.startsWith(`${name}=`));
  return header?.slice(name.length + 1, header.indexOf(";"));
}

beforeAll(async () => {
  porta = await startTestPorta();
  host = `shop.localhost:${config().port}`;
  tenantId = (await createTenant({ name: "Shop (playground)", environment: "test", domains: [host] }, null, SYSTEM_ACTOR)).id;
  forgetHostMap();
});

afterAll(async () => {
  await porta.close();
});

describe("the playground per issuer", () => {
  it("PUBLIC_URL has the demo application; a domain has none until its playground is on; an unknown host has none", async () => {
    expect((await playgroundForHost(new URL(porta.issuer).host))?.clientId).toBe(DEMO_CLIENT_ID);
    expect(await playgroundForHost(host)).toBeNull();
    expect(await playgroundForHost("nobody.localhost:1")).toBeNull();
    const refused = await startPlayground(new Request(`${issuer()}/playground/start?acr_values=${encodeURIComponent(MITID)}`, { headers: { host } }));
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("No playground here");
  });

  it("once on, logs in on the domain as the tenant's playground application, and the ID token is the domain's", async () => {
    const application = await enablePlayground(tenantId, SYSTEM_ACTOR);
    expect(application).toMatchObject({ clientId: playgroundClientIdOf(tenantId), tenantId, redirectUris: [`${issuer()}/playground/callback`] });
    expect(application.idTokenEncryptedResponseAlg).toBe("RSA-OAEP-256");
    // Turning it on twice keeps the one application.
    expect((await enablePlayground(tenantId, SYSTEM_ACTOR)).id).toBe(application.id);

    const started = await startPlayground(new Request(`${issuer()}/playground/start?acr_values=${encodeURIComponent(MITID)}&scopes=ssn&pkce=on`, { headers: { host } }));
    expect(started.status).toBe(303);
    const authorize = new URL(started.headers.get("location")!);
    expect(authorize.origin).toBe(issuer());
    expect(authorize.searchParams.get("client_id")).toBe(playgroundClientIdOf(tenantId));
    const state = setCookie(started, PLAYGROUND_STATE_COOKIE)!;

    const browser = new TestBrowser(issuer(), fetchOnLoopback(config().port));
    const id = expectEidStep(await browser.get(authorize.href));
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expect(done.location?.startsWith(`${issuer()}/playground/callback?`), done.location ?? "").toBe(true);

    const back = await playgroundCallback(new Request(done.location!, { headers: { host, cookie: `${PLAYGROUND_STATE_COOKIE}=${state}` } }));
    expect(back.status).toBe(303);
    const result = unseal<PlaygroundResult>(setCookie(back, PLAYGROUND_RESULT_COOKIE), "result");
    expect(result?.error, result?.errorDescription).toBeUndefined();
    expect(result).toMatchObject({ ok: true, idTokenClaims: { iss: issuer(), aud: playgroundClientIdOf(tenantId), acr: MITID } });
    expect(result?.idTokenEncryption).toMatchObject({ alg: "RSA-OAEP-256" });
  });

  it("the demo application's login, answered on the domain's callback, is not accepted there", async () => {
    // A response for PUBLIC_URL's playground (the demo application) brought to the domain: its state cookie is not there.
    const back = await playgroundCallback(new Request(`${issuer()}/playground/callback?code=x&state=y&iss=${encodeURIComponent(porta.issuer)}`, { headers: { host } }));
    const result = unseal<PlaygroundResult>(setCookie(back, PLAYGROUND_RESULT_COOKIE), "result");
    expect(result).toMatchObject({ ok: false, error: "no_pending_login" });
  });

  it("its redirect and logout URIs follow the tenant's domains, and turning it off removes it", async () => {
    const second = `shop2.localhost:${config().port}`;
    // An owner's own edit of the application survives: only the URIs follow the domains.
    await updateApplicationMetadata((await findApplication(playgroundClientIdOf(tenantId)))!, { client_name: "Shop's own playground" }, SYSTEM_ACTOR);
    await updateTenant(tenantId, { domains: [host, second] }, SYSTEM_ACTOR);
    forgetHostMap();
    const app = await findApplication(playgroundClientIdOf(tenantId));
    expect(app?.clientName).toBe("Shop's own playground");
    expect(app?.redirectUris.sort()).toEqual([`${issuer()}/playground/callback`, `http://${second}/playground/callback`].sort());
    expect(app?.postLogoutRedirectUris.sort()).toEqual([`${issuer()}/playground`, `http://${second}/playground`].sort());
    expect((await playgroundForHost(second))?.redirectUri).toBe(`http://${second}/playground/callback`);

    await disablePlayground(tenantId, SYSTEM_ACTOR);
    expect(await findApplication(playgroundClientIdOf(tenantId))).toBeNull();
    expect(await playgroundForHost(host)).toBeNull();
  });
});
