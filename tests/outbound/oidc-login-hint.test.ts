/**
 * The relying party's login_hint `action:` and `message:` reach an upstream OpenID Connect eID as
 * its login_hint when the connection says the upstream understands them, pushed or
 * in the front channel, and never otherwise. The upstream is node-oidc-provider on loopback
 * (tests/support/upstream-oidc.ts), which records the parameters of every login it runs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { prisma } from "../../lib/db/client";
import { saveConnection } from "../../lib/eid/connections/service";
import { createTenant } from "../../lib/tenants/create-tenant";
import { TestBrowser, type Hop } from "../support/browser";
import { RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, expectCode, MITID } from "../support/hosted-login";
import { register, startTestPorta, type TestPorta } from "../support/test-server";
import { BROKER_ACR_SUBSTANTIAL, startUpstreamBroker, type UpstreamBroker } from "../support/upstream-oidc";

const MESSAGE = "Sign the pension agreement № 42 — Ålborg";
const ENCODED = Buffer.from(MESSAGE, "utf8").toString("base64url");

let porta: TestPorta;
let broker: UpstreamBroker;
let tenantId: string;
let client: RegisteredClient;

async function connect(settings: Record<string, unknown>): Promise<void> {
  await saveConnection(
    tenantId,
    {
      family: "dk-mitid",
      kind: "oidc",
      enabled: true,
      settings: { issuer: broker.issuer, clientId: broker.clientId, clientAuth: "client_secret_basic", scopes: "openid profile ssn", acrValues: { [MITID]: BROKER_ACR_SUBSTANTIAL }, timeoutMs: 5000, ...settings },
      secrets: { clientSecret: broker.clientSecret },
    },
    SYSTEM_ACTOR,
  );
}

/** Runs a login with `loginHint` through the broker to the relying party; returns the broker's parameters and the last hop. */
async function loginWith(loginHint: string | null): Promise<{ upstream: Record<string, unknown>; first: Hop; last: Hop }> {
  const seen = broker.authorizations.length;
  const browser = new TestBrowser(porta.issuer);
  const first = await browser.get(authorizePath(client, { acr_values: MITID, state: "st-hint", login_hint: loginHint }));
  let hop = first;
  let base = porta.issuer;
  for (let i = 0; i < 15 && hop.status >= 300 && hop.status < 400 && hop.location && !hop.location.startsWith(RP_CALLBACK); i++) {
    base = new URL(hop.location, base).href;
    hop = await browser.get(base);
  }
  expect(broker.authorizations).toHaveLength(seen + 1);
  return { upstream: broker.authorizations[seen]!, first, last: hop };
}

beforeAll(async () => {
  porta = await startTestPorta();
  broker = await startUpstreamBroker({ portaIssuer: porta.issuer });
  const owner = await (await prisma()).adminUser.findFirstOrThrow();
  tenantId = (await createTenant({ name: "Hint Pension", environment: "production" }, owner.id, SYSTEM_ACTOR)).id;
  const response = await register(porta, { redirect_uris: [RP_CALLBACK], tenant_id: tenantId, client_name: "Hint Pension" });
  client = (await response.json()) as RegisteredClient;
});

afterAll(async () => {
  await broker?.close();
  await porta?.close();
});

afterEach(async () => {
  await connect({});
});

describe("a connection that passes login_hint on", () => {
  it("sends action: and message: as the upstream's login_hint (pushed), nothing else of the hint, and the login completes", async () => {
    await connect({ forwardLoginHint: true });
    const { upstream, last } = await loginWith(`action:sign message:${ENCODED} tenant:abc`);
    expect(upstream.login_hint).toBe(`action:sign message:${ENCODED}`);
    expect(Buffer.from(String(upstream.login_hint).split("message:")[1]!, "base64url").toString("utf8")).toBe(MESSAGE);
    expect(broker.seen).toContain("/request");
    expectCode(last, porta, "st-hint");
  });

  it("sends it in the front channel when PAR is off", async () => {
    await connect({ forwardLoginHint: true, usePar: false });
    const { upstream, first } = await loginWith(`message:${ENCODED}`);
    expect(new URL(first.location!).searchParams.get("login_hint")).toBe(`message:${ENCODED}`);
    expect(upstream.login_hint).toBe(`message:${ENCODED}`);
  });

  it("sends no login_hint when the relying party gave no action: or message:", async () => {
    await connect({ forwardLoginHint: true });
    const { upstream } = await loginWith("someone@example.com");
    expect(upstream.login_hint).toBeUndefined();
  });
});

describe("a connection that does not (the default)", () => {
  it("never sends the relying party's action: or message: upstream", async () => {
    const { upstream, last } = await loginWith(`action:sign message:${ENCODED}`);
    expect(upstream.login_hint).toBeUndefined();
    expectCode(last, porta, "st-hint");
  });

  it("nor in the front channel", async () => {
    await connect({ usePar: false });
    const { upstream, first } = await loginWith(`action:approve message:${ENCODED}`);
    expect(new URL(first.location!).searchParams.has("login_hint")).toBe(false);
    expect(upstream.login_hint).toBeUndefined();
  });
});
