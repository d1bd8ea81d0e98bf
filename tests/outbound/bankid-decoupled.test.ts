/**
 * CIBA and headless logins of a production tenant through its Swedish BankID RP API v6
 * connection, against the protocol double (tests/support/bankid-rp-double.ts) over mutual TLS:
 * /auth with and without the person's number, the relying party's polls driving /collect (at
 * most one per 2 s per order, whoever polls), acr_data from the order, every way the order can
 * end, the RP API failing, and ping mode, where Porta drives the order itself.
 */
import { startPingReceiver, type PingReceiver } from "../support/ping-receiver";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { MAX_COLLECT_ERRORS, MIN_COLLECT_INTERVAL_MS } from "../../lib/eid/connection-kinds/se-bankid/connector";
import { DEFAULT_USER, type BankIdRpDouble, type TestUser } from "../support/bankid-rp-double";
import { bankIdConnectionInput, BANKID, createBankIdTenant, saveBankIdConnection, useBankIdHarness, type BankIdTenant } from "../support/bankid-login";
import { basicAuth, registerClient, type RegisteredClient } from "../support/clients";
import { advanceClock } from "../support/clock";
import { EID_UNAVAILABLE, MITID } from "../support/hosted-login";
import { localhostDomain, onDomain } from "../support/tenant-domain";
import type { TestPorta } from "../support/test-server";

let porta: TestPorta;
let double: BankIdRpDouble;
let tenant: BankIdTenant;
let ciba: RegisteredClient;
let headless: RegisteredClient;

const ERIK: TestUser = { personalNumber: "197808094515", name: "Erik Johansson", givenName: "Erik", surname: "Johansson" };
// BankID refuses a second running order for one person (alreadyInProgress): tests whose order
// may stay open at BankID name people of their own.
const JOHANNA = "198605192387";
const LARS = "195911024478";
const SARA = "200112246723";
const CIBA_GRANT = "urn:openid:params:grant-type:ciba";
const HEADLESS_GRANT = "urn:grn:params:grant-type:headless";

useBankIdHarness("Nordbanken Direkt", (harness) => ({ porta, double, tenant } = harness));

beforeAll(async () => {
  ciba = await registerClient(porta, { tenant_id: tenant.tenantId, grant_types: [CIBA_GRANT], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
  headless = await registerClient(porta, { tenant_id: tenant.tenantId, grant_types: [HEADLESS_GRANT], response_types: undefined, redirect_uris: undefined });
});

afterEach(() => double.reset());

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A client-authenticated form post to `on`, the issuer its client's tenant is served on. */
async function post(path: string, client: RegisteredClient, form: Record<string, string>, on: TestPorta = porta): Promise<Answer> {
  const response = await fetch(`${on.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret!) },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const pollCiba = (id: string, client = ciba, on = porta) => post("/oauth2/token", client, { grant_type: CIBA_GRANT, auth_req_id: id }, on);
const pollHeadless = (id: string) => post("/oauth2/token", headless, { grant_type: HEADLESS_GRANT, headless_req_id: id });
/**
 * Polls at the granted interval (plus a margin) until the answer is no longer pending; every
 * answer in order. The interval passes on Porta's clock, moved between polls (the harness puts
 * it back after each test).
 */
async function pollUntilSettled(poll: () => Promise<Answer>, intervalMs: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 40; i++) {
    const answer = await poll();
    answers.push(answer);
    if (answer.body.error !== "authorization_pending") return answers;
    advanceClock(intervalMs + 100);
  }
  throw new Error("the decoupled login did not settle within 40 polls");
}

async function startHeadless(form: Record<string, string> = {}): Promise<{ id: string; acrData: { autoStartToken: string; qrData: string; hintCode: string } }> {
  const started = await post("/headless/authorize", headless, { scope: "openid ssn", acr_values: BANKID, ...form });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { id: started.body.headless_req_id as string, acrData: started.body.acr_data as { autoStartToken: string; qrData: string; hintCode: string } };
}

function expectSpacedCollects(collects: number[]): void {
  for (let i = 1; i < collects.length; i++) expect(collects[i]! - collects[i - 1]!).toBeGreaterThanOrEqual(MIN_COLLECT_INTERVAL_MS);
}

describe("CIBA in a production tenant with the BankID RP API", () => {
  it("orders /auth for the login_hint's person with the binding message, polls drive /collect, then the completion's person gets tokens", async () => {
    double.scripts.push({ pending: ["outstandingTransaction"], outcome: { status: "complete", user: ERIK } });
    const started = await post("/ciba/bc-authorize", ciba, { scope: "openid ssn birthdate", acr_values: BANKID, login_hint: `sub:ssn:${ERIK.personalNumber}`, binding_message: "Call 4711" });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ expires_in: 180, interval: 3 });
    expect(started.body).not.toHaveProperty("acr_data");

    const order = double.lastOrder()!;
    // The binding message is what the app shows, under the app's heading for a login.
    expect(order.request).toEqual({ endUserIp: "127.0.0.1", requirement: { personalNumber: ERIK.personalNumber }, userVisibleData: Buffer.from("# Logga in\n\nCall 4711").toString("base64"), userVisibleDataFormat: "simpleMarkdownV1" });
    expect(order.collects).toHaveLength(0); // nothing is collected before the relying party asks

    const answers = await pollUntilSettled(() => pollCiba(started.body.auth_req_id as string), 3000);
    expect(answers.map((a) => a.body.error ?? a.status)).toEqual(["authorization_pending", 200]);
    expect(order.collects).toHaveLength(2);
    expectSpacedCollects(order.collects);
    const claims = decodeJwt(answers.at(-1)!.body.id_token as string);
    expect(claims).toMatchObject({ acr: BANKID, identityscheme: "sebankid", ssn: ERIK.personalNumber, name: ERIK.name, given_name: "Erik", family_name: "Johansson", birthdate: "1978-08-09", ipaddress: "127.0.0.1" });
    for (const leaked of ["signature", "ocspResponse", "orderRef", "qrStartSecret"]) expect(claims).not.toHaveProperty(leaked);
    expect((await pollCiba(started.body.auth_req_id as string)).body.error).toBe("invalid_grant"); // once
  });

  it("still requires login_hint; an eID that cannot run CIBA (MitID) → invalid_request; neither reaches BankID", async () => {
    const before = double.calls.length;
    const missing = await post("/ciba/bc-authorize", ciba, { scope: "openid", acr_values: BANKID });
    expect(missing).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const mitid = await post("/ciba/bc-authorize", ciba, { scope: "openid", acr_values: MITID, login_hint: "sub:ssn:1406851237" });
    expect(mitid).toMatchObject({ status: 400, body: { error: "invalid_request", error_description: "acr_values: MitID (substantial) does not support CIBA logins" } });
    expect(double.calls.length).toBe(before);
  });

  it("expires with expired_token when the person never answers, and lets BankID release the order", async () => {
    double.scripts.push({ pending: ["outstandingTransaction", "outstandingTransaction"], outcome: { status: "complete" } });
    const started = await post("/ciba/bc-authorize", ciba, { scope: "openid", acr_values: BANKID, login_hint: `sub:ssn:${ERIK.personalNumber}` });
    const id = started.body.auth_req_id as string;
    await (await prisma()).login.update({ where: { decoupledIdHash: hashToken(id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await pollCiba(id)).body).toMatchObject({ error: "expired_token" });
    expect(double.lastOrder()!.cancelled).toBe(true);
    expect(double.lastOrder()!.collects).toHaveLength(0);
    expect((await pollCiba(id)).body).toMatchObject({ error: "expired_token" });
  });
});

describe("headless in a production tenant with the BankID RP API", () => {
  it("orders /auth without a person; acr_data carries the order's autostart token, a QR code that changes every second, and /collect's hintCode", async () => {
    double.scripts.push({ pending: ["userSign"], outcome: { status: "complete", user: ERIK } });
    const { id, acrData } = await startHeadless();
    const order = double.lastOrder()!;
    expect(order.request).toEqual({ endUserIp: "127.0.0.1" });
    expect(acrData).toMatchObject({ autoStartToken: order.autoStartToken, hintCode: "outstandingTransaction" });
    expect(double.verifyQr(acrData.qrData)).toEqual({ ok: true, orderRef: order.orderRef, qrTime: 0 });

    const answers = await pollUntilSettled(() => pollHeadless(id), 1000);
    expect(answers.at(-1)!.status, JSON.stringify(answers.at(-1)!.body)).toBe(200);
    const pending = answers.slice(0, -1).map((a) => a.body.acr_data as { autoStartToken: string; qrData: string; hintCode: string });
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending[0]!.hintCode).toBe("userSign");
    // Polls a second apart get different frames; the last one is no longer the first frame.
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pending.map((p) => p.qrData)).size).toBe(pending.length);
    expect(pending.at(-1)!.qrData).not.toBe(acrData.qrData);
    for (const p of pending) {
      expect(double.verifyQr(p.qrData)).toMatchObject({ ok: true, orderRef: order.orderRef });
      expect(p.autoStartToken).toBe(order.autoStartToken);
      expect(JSON.stringify(p)).not.toContain(order.qrStartSecret);
    }
    expectSpacedCollects(order.collects);
    expect(decodeJwt(answers.at(-1)!.body.id_token as string)).toMatchObject({ acr: BANKID, ssn: ERIK.personalNumber, name: ERIK.name });
  });

  it("a login_hint naming the person becomes requirement.personalNumber, as for CIBA", async () => {
    double.scripts.push({ pending: [], outcome: { status: "complete", user: ERIK } });
    const { id } = await startHeadless({ login_hint: `sub:ssn:${ERIK.personalNumber}` });
    expect(double.lastOrder()!.request).toEqual({ endUserIp: "127.0.0.1", requirement: { personalNumber: ERIK.personalNumber } });
    expect((await pollHeadless(id)).status).toBe(200);
  });

  it("polls that come together make one /collect: the order is claimed through the database", async () => {
    double.scripts.push({ pending: ["outstandingTransaction", "outstandingTransaction", "outstandingTransaction"], outcome: { status: "complete" } });
    const { id } = await startHeadless();
    const answers = await Promise.all(Array.from({ length: 6 }, () => pollHeadless(id)));
    for (const answer of answers) expect(["authorization_pending", "slow_down"]).toContain(answer.body.error);
    expect(double.lastOrder()!.collects).toHaveLength(1);
  });

  it.each([
    ["userCancel", "access_denied"],
    ["certificateErr", "access_denied"],
    ["expiredTransaction", "expired_token"],
    ["startFailed", "expired_token"],
  ])("BankID failing the order with %s → %s, nothing issued", async (hintCode, error) => {
    double.scripts.push({ pending: [], outcome: { status: "failed", hintCode } });
    const { id } = await startHeadless();
    const answer = await pollHeadless(id);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(error);
    expect(JSON.stringify(answer.body)).not.toContain(hintCode);
    expect((await pollHeadless(id)).body.error).toBe(error); // the outcome stands
    const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(id) } });
    expect(login).toMatchObject({ state: "failed", codeHash: null, sealedClaims: null });
  });
});

describe("the RP API failing", () => {
  it("/auth answering an error → server_error at once, without BankID's text, and no login", async () => {
    const before = await (await prisma()).login.count();
    const cases = [
      ["/ciba/bc-authorize", ciba, { status: 500, errorCode: "internalError", details: "Database node 7 is down" }],
      ["/headless/authorize", headless, { status: 503, errorCode: "maintenance", details: "Back at 04:00" }],
    ] as const;
    for (const [path, client, error] of cases) {
      double.fail("auth", error);
      const answer = await post(path, client, { scope: "openid", acr_values: BANKID, login_hint: `sub:ssn:${ERIK.personalNumber}` });
      expect(answer, path).toEqual({ status: 500, body: { error: "server_error", error_description: EID_UNAVAILABLE } });
    }
    expect(await (await prisma()).login.count()).toBe(before);
  });

  it(`/collect failing ${MAX_COLLECT_ERRORS} times running → server_error on the poll, without BankID's text`, async () => {
    double.scripts.push({ pending: ["outstandingTransaction"], outcome: { status: "complete" } });
    double.fail("collect", { status: 500, errorCode: "internalError", details: "Database node 7 is down" }, MAX_COLLECT_ERRORS);
    const { id } = await startHeadless();
    const answers = await pollUntilSettled(() => pollHeadless(id), 1000);
    expect(answers.at(-1)).toEqual({ status: 500, body: { error: "server_error", error_description: EID_UNAVAILABLE } });
    expect(double.calls.filter((c) => c.path.endsWith("/collect") && c.status === 500)).toHaveLength(MAX_COLLECT_ERRORS);
  });

  describe("with a 1 s time limit", () => {
    let slow: BankIdTenant;
    let slowCiba: RegisteredClient;
    let slowPorta: TestPorta;

    beforeAll(async () => {
      const host = localhostDomain("langsam-bank");
      slowPorta = onDomain(porta, host);
      slow = await createBankIdTenant(slowPorta, double, "Långsam Bank", host);
      await saveBankIdConnection(slow.tenantId, bankIdConnectionInput(double, { timeoutMs: 1000 }));
      slowCiba = await registerClient(slowPorta, { tenant_id: slow.tenantId, grant_types: [CIBA_GRANT], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
    });

    it("/auth not answering in time → server_error", async () => {
      double.delay("auth", 3000);
      const answer = await post("/ciba/bc-authorize", slowCiba, { scope: "openid", acr_values: BANKID, login_hint: `sub:ssn:${JOHANNA}` }, slowPorta);
      expect(answer).toEqual({ status: 500, body: { error: "server_error", error_description: EID_UNAVAILABLE } });
    });

    it(`/collect not answering in time ${MAX_COLLECT_ERRORS} times running → server_error; the polls in between are answered`, async () => {
      double.scripts.push({ pending: ["outstandingTransaction"], outcome: { status: "complete" } });
      double.delay("collect", 3000, MAX_COLLECT_ERRORS);
      const started = await post("/ciba/bc-authorize", slowCiba, { scope: "openid", acr_values: BANKID, login_hint: `sub:ssn:${LARS}` }, slowPorta);
      const answers = await pollUntilSettled(() => pollCiba(started.body.auth_req_id as string, slowCiba, slowPorta), 3000);
      expect(answers.slice(0, -1).every((a) => a.body.error === "authorization_pending")).toBe(true);
      expect(answers.at(-1)).toEqual({ status: 500, body: { error: "server_error", error_description: EID_UNAVAILABLE } });
    });
  });
});

describe("CIBA ping mode in a production tenant", () => {
  let receiver: PingReceiver;
  let pingClient: RegisteredClient;

  beforeAll(async () => {
    receiver = await startPingReceiver();
    pingClient = await registerClient(porta, {
      tenant_id: tenant.tenantId,
      grant_types: [CIBA_GRANT],
      response_types: undefined,
      redirect_uris: undefined,
      backchannel_token_delivery_mode: "ping",
      backchannel_client_notification_endpoint: receiver.url,
    });
  });

  afterAll(async () => {
    await receiver.close();
  });

  /** Starts a ping-mode request and waits for Porta's ping (the client never polls before it). */
  async function startAndAwaitPing(token: string, personalNumber: string): Promise<string> {
    const pinged = receiver.nextPing();
    const started = await post("/ciba/bc-authorize", pingClient, { scope: "openid ssn", acr_values: BANKID, login_hint: `sub:ssn:${personalNumber}`, client_notification_token: token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await pinged;
    return started.body.auth_req_id as string;
  }

  it("Porta collects the order itself and pings when the person has answered; then the client gets its tokens", async () => {
    double.scripts.push({ pending: ["outstandingTransaction"], outcome: { status: "complete", user: DEFAULT_USER } });
    const id = await startAndAwaitPing("nt-ping-1234", DEFAULT_USER.personalNumber);
    expect(receiver.pings.at(-1)).toEqual({ authorization: "Bearer nt-ping-1234", body: JSON.stringify({ auth_req_id: id }) });
    const order = double.lastOrder()!;
    expect(order.collects).toHaveLength(2);
    expectSpacedCollects(order.collects);
    const tokens = await pollCiba(id, pingClient);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(decodeJwt(tokens.body.id_token as string)).toMatchObject({ ssn: DEFAULT_USER.personalNumber, name: DEFAULT_USER.name });
  });

  it("pings as well when the person cancels; the client then hears access_denied", async () => {
    double.scripts.push({ pending: [], outcome: { status: "failed", hintCode: "userCancel" } });
    const count = receiver.pings.length;
    const id = await startAndAwaitPing("nt-ping-5678", SARA);
    expect(receiver.pings).toHaveLength(count + 1);
    expect((await pollCiba(id, pingClient)).body.error).toBe("access_denied");
  });
});
