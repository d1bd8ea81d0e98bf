/**
 * Shared steps of the Swedish BankID connector tests: a production tenant with a relying party
 * and a BankID connection to the RP API double, a login driven over HTTP as the BankID page
 * drives it (authorize → the page's polls → /authenticate), and the poll loop, which moves Porta's
 * clock (lib/clock.ts) between polls rather than waiting; the harness puts it back after each test.
 */
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { prisma } from "../../lib/db/client";
import type { BankIdConnection } from "../../lib/eid/connection-kinds/se-bankid/schemas";
import { saveConnection, type ConnectionInput } from "../../lib/eid/connections/service";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { startBankIdRpDouble, type BankIdRpDouble } from "./bankid-rp-double";
import { type Hop, type TestBrowser } from "./browser";
import { RP_CALLBACK, type RegisteredClient } from "./clients";
import { advanceClock, resetClock } from "./clock";
import { authorizePath } from "./hosted-login";
import { localhostDomain, onDomain, reachLocalhostDomains } from "./tenant-domain";
import { register, startTestPorta, type TestPorta } from "./test-server";

export const BANKID = "urn:grn:authn:se:bankid";
export const BANKID_SAME_DEVICE = "urn:grn:authn:se:bankid:same-device";
export const BANKID_ANOTHER_DEVICE = "urn:grn:authn:se:bankid:another-device";
export const BANKID_QR = "urn:grn:authn:se:bankid:another-device:qr";

export interface BankIdTenant {
  tenantId: string;
  client: RegisteredClient;
}

/** The connection input for the double: PKCS#12 of the registered relying party unless told otherwise. */
export function bankIdConnectionInput(
  double: BankIdRpDouble,
  settings: Record<string, unknown> = {},
  secrets: Record<string, string> = { pkcs12: double.pki.rp.pkcs12, passphrase: double.pki.rp.passphrase },
): ConnectionInput {
  return {
    family: "se-bankid",
    kind: "se-bankid",
    enabled: true,
    settings: { endpoint: double.endpoint, caCertificate: double.pki.caPem, timeoutMs: 5000, ...settings },
    secrets,
  };
}

export async function saveBankIdConnection(tenantId: string, input: ConnectionInput): Promise<BankIdConnection> {
  const saved = await saveConnection(tenantId, input, SYSTEM_ACTOR);
  if (saved.kind !== "se-bankid") throw new Error("not a BankID connection");
  return saved;
}

/**
 * A production tenant on the domain `host`, its relying party, and a BankID connection to the
 * double. `porta` is the test server as that domain's issuer (tenant-domain.ts).
 */
export async function createBankIdTenant(porta: TestPorta, double: BankIdRpDouble, name: string, host: string): Promise<BankIdTenant> {
  const owner = await (await prisma()).adminUser.findFirstOrThrow();
  const tenant = await createTenant({ name, environment: "production", domains: [host] }, owner.id, SYSTEM_ACTOR);
  forgetHostMap();
  const response = await register(porta, { redirect_uris: [RP_CALLBACK], tenant_id: tenant.id, client_name: name });
  const client = (await response.json()) as RegisteredClient;
  await saveBankIdConnection(tenant.id, bankIdConnectionInput(double));
  return { tenantId: tenant.id, client };
}

/**
 * authorize, which begins the BankID order at once: returns the login id and the authorize
 * answer (Porta's page, or the error at the relying party; not followed).
 */
export async function startBankIdLogin(browser: TestBrowser, client: RegisteredClient, params: Record<string, string> = {}): Promise<{ loginId: string; start: Hop }> {
  const db = await prisma();
  const ofClient = { application: { clientId: client.client_id } };
  // The new login is the one that was not there before (not the latest createdAt: a test before
  // may have moved the clock ahead of this one's).
  const before = (await db.login.findMany({ where: ofClient, select: { id: true } })).map((l) => l.id);
  const start = await browser.get(authorizePath(client, { acr_values: BANKID, scope: "openid ssn", state: "st-bankid", ...params }));
  const login = await db.login.findFirstOrThrow({ where: { ...ofClient, id: { notIn: before } } });
  return { loginId: login.id, start };
}

/** As startBankIdLogin, and expects Porta's BankID page next. */
export async function openBankIdPage(browser: TestBrowser, client: RegisteredClient, params: Record<string, string> = {}): Promise<string> {
  const { loginId, start } = await startBankIdLogin(browser, client, params);
  expect(start.status, start.text.slice(0, 300)).toBe(303);
  expect(start.location).toBe(`/login/${loginId}/eid`);
  return loginId;
}

export type PollAnswer =
  | { status: "pending"; hintCode: string; qrData?: string; autoStartToken?: string }
  | { status: "complete" }
  | { status: "failed"; reason: string; hintCode?: string };

export async function pollOnce(browser: TestBrowser, loginId: string): Promise<PollAnswer> {
  const hop = await browser.get(`/login/${loginId}/eid/status`);
  expect(hop.status, hop.text).toBe(200);
  expect(hop.headers.get("cache-control")).toBe("no-store");
  return JSON.parse(hop.text) as PollAnswer;
}

/** How often the BankID page polls (components/login/bankid-login.tsx). */
const PAGE_POLL_INTERVAL_MS = 1000;
const MAX_POLLS = 200;

/**
 * Polls as the page does until the order completes or fails; returns every answer in order.
 * Between polls the clock moves on by the page's interval, so Porta's collect interval passes
 * without the test sleeping through it.
 */
export async function pollUntilSettled(browser: TestBrowser, loginId: string): Promise<{ answers: PollAnswer[]; last: PollAnswer }> {
  const answers: PollAnswer[] = [];
  for (let i = 0; i < MAX_POLLS; i++) {
    const answer = await pollOnce(browser, loginId);
    answers.push(answer);
    if (answer.status !== "pending") return { answers, last: answer };
    advanceClock(PAGE_POLL_INTERVAL_MS);
  }
  throw new Error(`the BankID order did not settle within ${MAX_POLLS} polls`);
}

/** The page's final form post after the poll said complete or failed. */
export function authenticate(browser: TestBrowser, loginId: string): Promise<Hop> {
  return browser.post(`/login/${loginId}/authenticate`, {});
}

/** Whether an authorization code was issued for one login (it is stored, hashed, on the login). */
export async function codeIssuedFor(loginId: string): Promise<boolean> {
  const login = await (await prisma()).login.findUnique({ where: { id: loginId } });
  return Boolean(login?.codeHash);
}

export interface BankIdHarness {
  porta: TestPorta;
  double: BankIdRpDouble;
  tenant: BankIdTenant;
}

/**
 * A test file's Porta, RP API double and BankID tenant `name`: started before all, closed after.
 * The tenant is served on its own domain (a production tenant is served nowhere else), and the
 * harness's `porta` is the test server as that domain's issuer. The clock, which polls move, is
 * back on real time after each test.
 */
export function useBankIdHarness(name: string, onStart: (harness: BankIdHarness) => void): void {
  let porta: TestPorta | undefined;
  let double: BankIdRpDouble | undefined;
  reachLocalhostDomains();
  beforeAll(async () => {
    porta = await startTestPorta();
    double = await startBankIdRpDouble();
    const host = localhostDomain(name.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
    const onItsDomain = onDomain(porta, host);
    onStart({ porta: onItsDomain, double, tenant: await createBankIdTenant(onItsDomain, double, name, host) });
  });
  afterEach(resetClock);
  afterAll(async () => {
    await double?.close();
    await porta?.close();
  });
}
