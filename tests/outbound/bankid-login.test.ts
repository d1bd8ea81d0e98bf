/**
 * Swedish BankID logins of a production tenant over the RP API v6, against the protocol double
 * (tests/support/bankid-rp-double.ts) over mutual TLS: the browser flow as Porta's BankID page
 * drives it, what is sent to /auth, the animated QR code, and every way the order can end.
 */
import { decodeJwt } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { MIN_COLLECT_INTERVAL_MS } from "../../lib/eid/connection-kinds/se-bankid/connector";
import { DEFAULT_USER, type BankIdRpDouble } from "../support/bankid-rp-double";
import {
  authenticate,
  BANKID,
  BANKID_ANOTHER_DEVICE,
  BANKID_QR,
  BANKID_SAME_DEVICE,
  codeIssuedFor,
  openBankIdPage,
  pollOnce,
  pollUntilSettled,
  startBankIdLogin,
  useBankIdHarness,
  type BankIdTenant,
  type PollAnswer,
} from "../support/bankid-login";
import { TestBrowser } from "../support/browser";
import { b64url, EID_MISCONFIGURED, expectCode, expectErrorPage, expectRedirectedError, redeemOk } from "../support/hosted-login";
import type { TestPorta } from "../support/test-server";

let porta: TestPorta;
let double: BankIdRpDouble;
let tenant: BankIdTenant;

useBankIdHarness("Svea Pension", (harness) => ({ porta, double, tenant } = harness));

afterEach(() => double.reset());

function pendingAnswers(answers: PollAnswer[]): Extract<PollAnswer, { status: "pending" }>[] {
  return answers.filter((a): a is Extract<PollAnswer, { status: "pending" }> => a.status === "pending");
}

describe("a production login with Swedish BankID", () => {
  it("logs the person in: /auth, QR code and app link, collect until complete, authenticate → code → ID token", async () => {
    double.scripts.push({ pending: ["outstandingTransaction", "started", "userSign"], outcome: { status: "complete" } });
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client, { scope: "openid ssn birthdate" });

    const order = double.lastOrder()!;
    expect(order.request).toEqual({ endUserIp: "127.0.0.1" });
    const { answers, last } = await pollUntilSettled(browser, loginId);
    expect(last).toEqual({ status: "complete" });

    const pending = pendingAnswers(answers);
    expect(pending.length).toBeGreaterThan(0);
    for (const answer of pending) {
      // Plain BankID offers both: the QR code (verified against the order's secret) and the app link.
      expect(answer.autoStartToken).toBe(order.autoStartToken);
      const qr = double.verifyQr(answer.qrData ?? "");
      expect(qr, answer.qrData).toMatchObject({ ok: true, orderRef: order.orderRef });
      expect(JSON.stringify(answer)).not.toContain(order.qrStartSecret);
    }
    expect(new Set(pending.map((a) => a.hintCode))).toEqual(new Set(["outstandingTransaction", "started", "userSign"]));
    // Every script step was collected once, each at least the guideline's interval after the last.
    expect(order.collects).toHaveLength(4);
    for (let i = 1; i < order.collects.length; i++) expect(order.collects[i]! - order.collects[i - 1]!).toBeGreaterThanOrEqual(MIN_COLLECT_INTERVAL_MS);

    const { code } = expectCode(await authenticate(browser, loginId), porta, "st-bankid");
    const tokens = await redeemOk(porta, tenant.client, code);
    const claims = decodeJwt(tokens.id_token);
    expect(claims).toMatchObject({
      acr: BANKID,
      identityscheme: "sebankid",
      ssn: DEFAULT_USER.personalNumber,
      name: DEFAULT_USER.name,
      given_name: DEFAULT_USER.givenName,
      family_name: DEFAULT_USER.surname,
      givenname: DEFAULT_USER.givenName,
      surname: DEFAULT_USER.surname,
      birthdate: "1990-03-15",
      ipaddress: "127.0.0.1",
    });
    for (const leaked of ["signature", "ocspResponse", "bankIdIssueDate", "personalNumber", "orderRef"]) expect(claims).not.toHaveProperty(leaked);
  });

  it("gives the same person the same sub on every login (the personal number is the person key)", async () => {
    const subs: string[] = [];
    for (let i = 0; i < 2; i++) {
      double.scripts.push({ pending: [], outcome: { status: "complete" } });
      const browser = new TestBrowser(porta.issuer);
      const loginId = await openBankIdPage(browser, tenant.client);
      expect((await pollUntilSettled(browser, loginId)).last.status).toBe("complete");
      subs.push(decodeJwt((await redeemOk(porta, tenant.client, expectCode(await authenticate(browser, loginId), porta).code)).id_token).sub!);
    }
    expect(subs[0]).toBe(subs[1]);
  });

  it("sends login_hint sub: as requirement.personalNumber and action:/message: as simpleMarkdownV1 userVisibleData", async () => {
    const browser = new TestBrowser(porta.issuer);
    const message = "Överför 500 kr till *Svea Sparkonto*";
    await openBankIdPage(browser, tenant.client, { login_hint: `sub:199003152387 action:approve message:${b64url(message)}`, ui_locales: "sv" });
    const request = double.lastOrder()!.request;
    expect(request.requirement).toEqual({ personalNumber: "199003152387" });
    expect(request.userVisibleDataFormat).toBe("simpleMarkdownV1");
    expect(Buffer.from(String(request.userVisibleData), "base64").toString("utf8")).toBe(`# Godkänn\n\n${message}`);
  });

  it("ignores a login_hint sub: that is no valid personnummer (a hint, not a requirement)", async () => {
    const browser = new TestBrowser(porta.issuer);
    await openBankIdPage(browser, tenant.client, { login_hint: "sub:199003152388" });
    expect(double.lastOrder()!.request).toEqual({ endUserIp: "127.0.0.1" });
  });

  it("same-device offers only the app link; another-device and :qr only the QR code", async () => {
    const cases: [string, { app: boolean; qr: boolean }, string][] = [
      [BANKID_SAME_DEVICE, { app: true, qr: false }, "bankid:same-device"],
      [BANKID_ANOTHER_DEVICE, { app: false, qr: true }, "bankid:another-device"],
      [BANKID_QR, { app: false, qr: true }, "bankid:another-device"],
    ];
    for (const [acr, offer, method] of cases) {
      double.scripts.push({ pending: ["outstandingTransaction"], outcome: { status: "complete" } });
      const browser = new TestBrowser(porta.issuer);
      const loginId = await openBankIdPage(browser, tenant.client, { acr_values: acr });
      const first = await pollOnce(browser, loginId);
      expect(first.status, acr).toBe("pending");
      const pending = first as Extract<PollAnswer, { status: "pending" }>;
      expect(pending.autoStartToken !== undefined, `${acr} app link`).toBe(offer.app);
      expect(pending.qrData !== undefined, `${acr} QR code`).toBe(offer.qr);
      expect((await pollUntilSettled(browser, loginId)).last.status).toBe("complete");
      const claims = decodeJwt((await redeemOk(porta, tenant.client, expectCode(await authenticate(browser, loginId), porta).code)).id_token);
      expect(claims).toMatchObject({ acr, authenticationmethod: method });
    }
  });

  it("between collects the page still gets a fresh QR code, and the order is not collected more often than every 2 s", async () => {
    double.scripts.push({ pending: ["outstandingTransaction", "outstandingTransaction", "outstandingTransaction"], outcome: { status: "complete" } });
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client, { acr_values: BANKID_QR });
    const first = await pollOnce(browser, loginId);
    const second = await pollOnce(browser, loginId);
    const order = double.lastOrder()!;
    // Two polls straight after each other: one collect.
    expect(order.collects).toHaveLength(1);
    for (const answer of [first, second]) expect(double.verifyQr((answer as { qrData: string }).qrData)).toMatchObject({ ok: true });
    await pollUntilSettled(browser, loginId);
    for (let i = 1; i < order.collects.length; i++) expect(order.collects[i]! - order.collects[i - 1]!).toBeGreaterThanOrEqual(MIN_COLLECT_INTERVAL_MS);
  });

  it("a replayed authenticate after completion issues nothing more", async () => {
    double.scripts.push({ pending: [], outcome: { status: "complete" } });
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client);
    await pollUntilSettled(browser, loginId);
    expectCode(await authenticate(browser, loginId), porta);
    const replay = await authenticate(browser, loginId);
    expect(replay.location ?? "").not.toContain("code=");
    expect(replay.status).not.toBe(303);
    expect(await codeIssuedFor(loginId)).toBe(true);
    // The poll now says the step is over.
    expect(JSON.parse((await browser.get(`/login/${loginId}/eid/status`)).text)).toMatchObject({ status: "finished" });
  });

  it("authenticate before the order completed is refused (invalid_request page) and the login goes on", async () => {
    double.scripts.push({ pending: ["outstandingTransaction"], outcome: { status: "complete" } });
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client);
    await pollOnce(browser, loginId);
    expectErrorPage(await authenticate(browser, loginId), "invalid_request");
    expect((await pollUntilSettled(browser, loginId)).last.status).toBe("complete");
    expectCode(await authenticate(browser, loginId), porta);
  });
});

describe("a BankID order that ends without a login", () => {
  it.each([
    ["userCancel", "access_denied", "cancelled"],
    ["expiredTransaction", "access_denied", "expired"],
    ["certificateErr", "access_denied", "certificate"],
    ["startFailed", "access_denied", "startFailed"],
    ["cancelled", "server_error", "unavailable"],
    ["someFutureHintCode", "server_error", "unavailable"],
  ])("failed with %s → %s at the relying party (%s), nothing issued", async (hintCode, error, reason) => {
    double.scripts.push({ pending: ["outstandingTransaction", "userSign"], outcome: { status: "failed", hintCode } });
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client);
    const { last } = await pollUntilSettled(browser, loginId);
    expect(last).toEqual({ status: "failed", reason, hintCode });
    expectRedirectedError(await authenticate(browser, loginId), porta, { error, state: "st-bankid" });
    expect(await codeIssuedFor(loginId)).toBe(false);
  });

  it("the person cancels on Porta's page → /cancel at the RP API, access_denied, nothing issued", async () => {
    double.scripts.push({ pending: ["outstandingTransaction", "outstandingTransaction"], outcome: { status: "complete" } });
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client);
    await pollOnce(browser, loginId);
    const order = double.lastOrder()!;
    expectRedirectedError(await browser.post(`/login/${loginId}/cancel`, {}), porta, { error: "access_denied", state: "st-bankid" });
    expect(order.cancelled).toBe(true);
    expect(double.calls.some((c) => c.path === "/rp/v6.0/cancel" && (c.body as { orderRef?: string }).orderRef === order.orderRef)).toBe(true);
    expect(await codeIssuedFor(loginId)).toBe(false);
  });

  it("/auth answers invalidParameters → server_error at the relying party, no page, nothing issued", async () => {
    double.fail("auth", { status: 400, errorCode: "invalidParameters", details: "Invalid endUserIp" });
    const browser = new TestBrowser(porta.issuer);
    const { loginId, start } = await startBankIdLogin(browser, tenant.client);
    const params = expectRedirectedError(start, porta, { error: "server_error", state: "st-bankid" });
    expect(params.error_description).toBe(EID_MISCONFIGURED);
    expect(params.error_description).not.toMatch(/invalidParameters|endUserIp/);
    expect(await codeIssuedFor(loginId)).toBe(false);
  });
});
