/**
 * CIBA relayed to an upstream provider, from the relying party's side: a production tenant (on its
 * own domain: tests call it there with reachLocalhostDomains of tenant-domain.ts) whose
 * Norwegian BankID connection is the CIBA broker of upstream-ciba.ts, its CIBA clients, and their
 * calls to Porta's bc-authorize and token endpoints.
 */
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { prisma } from "../../lib/db/client";
import { saveConnection, type ConnectionInput } from "../../lib/eid/connections/service";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { basicAuth, registerClient, type RegisteredClient } from "./clients";
import { advanceClock } from "./clock";
import { NO_BANKID } from "./hosted-login";
import { oidcConnection } from "./oidc-connection";
import { localhostDomain, onDomain } from "./tenant-domain";
import type { TestPorta } from "./test-server";
import { CIBA_BROKER_ACR, type CibaBroker } from "./upstream-ciba";

export const CIBA_GRANT = "urn:openid:params:grant-type:ciba";
/** A person the broker knows (CIBA_BROKER_PEOPLE). */
export const INGRID = "22048712359";
/** The connection's time limit for each call to the broker. */
export const RELAY_TIMEOUT_MS = 2000;

export function cibaConnection(broker: Pick<CibaBroker, "issuer" | "clientId" | "clientSecret">): ConnectionInput {
  return oidcConnection("no-bankid", broker, {
    scopes: "openid profile nnin",
    acrValues: { [NO_BANKID]: CIBA_BROKER_ACR },
    claimMapping: { socialno: "no.nnin" },
    personKeyClaim: "no.nnin",
    usePar: false,
    timeoutMs: RELAY_TIMEOUT_MS,
  });
}

/** A production tenant relaying CIBA to `broker`, and `server` as its domain, the one issuer it is served on. */
export async function relayTenant(server: TestPorta, name: string, broker: CibaBroker): Promise<{ tenantId: string; porta: TestPorta }> {
  const owner = await (await prisma()).adminUser.findFirstOrThrow();
  const host = localhostDomain(name.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  const tenant = await createTenant({ name, environment: "production", domains: [host] }, owner.id, SYSTEM_ACTOR);
  forgetHostMap();
  await saveConnection(tenant.id, cibaConnection(broker), SYSTEM_ACTOR);
  return { tenantId: tenant.id, porta: onDomain(server, host) };
}

/** A CIBA client of the tenant: poll mode, unless `metadata` says otherwise. */
export function relayClient(porta: TestPorta, tenantId: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  return registerClient(porta, { tenant_id: tenantId, grant_types: [CIBA_GRANT], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll", ...metadata });
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export async function postAs(porta: TestPorta, path: string, as: RegisteredClient, form: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(as.client_id, as.client_secret!) },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** bc-authorize for Ingrid at Norwegian BankID; `form` adds or overrides parameters. */
export function startCiba(porta: TestPorta, as: RegisteredClient, form: Record<string, string> = {}): Promise<Answer> {
  return postAs(porta, "/ciba/bc-authorize", as, { scope: "openid ssn", acr_values: NO_BANKID, login_hint: `sub:ssn:${INGRID}`, ...form });
}

export function pollCiba(porta: TestPorta, as: RegisteredClient, id: string): Promise<Answer> {
  return postAs(porta, "/oauth2/token", as, { grant_type: CIBA_GRANT, auth_req_id: id });
}

/** Polls as a well-behaved client does (every 3 s, Porta's interval) until the answer is no longer pending. */
export async function pollUntilSettled(porta: TestPorta, as: RegisteredClient, id: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await pollCiba(porta, as, id);
    answers.push(answer);
    if (answer.body.error !== "authorization_pending") return answers;
    await new Promise((resolve) => setTimeout(resolve, 3100));
  }
  throw new Error("the relayed CIBA login did not settle within 20 polls");
}

/**
 * As pollUntilSettled, with Porta's clock moved through its 3 s interval instead of the test
 * sleeping. For tests where the provider's own clock does not matter: the provider (a real
 * node-oidc-provider) keeps real time for its own interval and request lifetime, so a test of those
 * needs pollUntilSettled.
 */
export async function pollUntilSettledMovingClock(porta: TestPorta, as: RegisteredClient, id: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await pollCiba(porta, as, id);
    answers.push(answer);
    if (answer.body.error !== "authorization_pending") return answers;
    advanceClock(3100);
  }
  throw new Error("the relayed CIBA login did not settle within 20 polls");
}
