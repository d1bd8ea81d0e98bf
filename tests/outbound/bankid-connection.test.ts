/**
 * The BankID connection's transport against the RP API double: mutual TLS with PKCS#12 or PEM,
 * refused and unknown client certificates, a wrong CA, the RP API down, slow or in trouble —
 * both as a login meets them (the right OAuth error at the relying party, nothing issued) and as
 * the dashboard's "test connection" reports them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { checkBankIdConnection } from "../../lib/eid/connection-kinds/se-bankid/check-connection";
import { MAX_COLLECT_ERRORS } from "../../lib/eid/connection-kinds/se-bankid/connector";
import type { BankIdRpDouble } from "../support/bankid-rp-double";
import {
  authenticate,
  bankIdConnectionInput,
  codeIssuedFor,
  openBankIdPage,
  pollUntilSettled,
  saveBankIdConnection,
  startBankIdLogin,
  useBankIdHarness,
  type BankIdTenant,
} from "../support/bankid-login";
import { TestBrowser } from "../support/browser";
import { EID_MISCONFIGURED, EID_UNAVAILABLE, expectCode, expectNoUpstreamDetail, expectRedirectedError } from "../support/hosted-login";
import { freePort } from "../support/free-port";
import type { TestPorta } from "../support/test-server";

let porta: TestPorta;
let double: BankIdRpDouble;
let tenant: BankIdTenant;

useBankIdHarness("Norrland Försäkring", (harness) => ({ porta, double, tenant } = harness));

afterEach(async () => {
  double.reset();
  await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double));
});

/** Starts a login and expects the BankID order's start to fail: `error` at the relying party. */
async function expectStartFailure(error: string, description: string): Promise<void> {
  const browser = new TestBrowser(porta.issuer);
  const { loginId, start } = await startBankIdLogin(browser, tenant.client);
  const params = expectRedirectedError(start, porta, { error, state: "st-bankid" });
  // A fixed description: what TLS, the network or the RP API said is only logged.
  expect(params.error_description).toBe(description);
  expectNoUpstreamDetail(params.error_description);
  expect(await codeIssuedFor(loginId)).toBe(false);
}

describe("mutual TLS with the RP API", () => {
  it("PKCS#12 with its passphrase: test connection is ok", async () => {
    const connection = await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double));
    const check = await checkBankIdConnection(connection);
    expect(check, check.note).toMatchObject({ ok: true });
    expect(double.calls.at(-1)).toMatchObject({ path: "/rp/v6.0/collect", status: 400, client: double.pki.rp.fingerprint });
  });

  it("PEM certificate and key: a login completes, and test connection is ok", async () => {
    const { certificatePem, privateKeyPem } = double.pki.rp;
    const connection = await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double, {}, { certificatePem, privateKeyPem }));
    expect(await checkBankIdConnection(connection)).toMatchObject({ ok: true });
    double.scripts.push({ pending: [], outcome: { status: "complete" } });
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client);
    expect((await pollUntilSettled(browser, loginId)).last.status).toBe("complete");
    expectCode(await authenticate(browser, loginId), porta, "st-bankid");
  });

  it("a client certificate from another CA is refused in the handshake → server_error, nothing issued; test connection says so", async () => {
    const { certificatePem, privateKeyPem } = double.pki.foreign;
    const connection = await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double, {}, { certificatePem, privateKeyPem }));
    const ordersBefore = double.orders.size;
    await expectStartFailure("server_error", EID_MISCONFIGURED);
    expect(double.orders.size).toBe(ordersBefore);
    const check = await checkBankIdConnection(connection);
    expect(check.ok).toBe(false);
    expect(check.note).toMatch(/refused the TLS connection/);
  });

  it("a certificate of the right CA that is no registered relying party → 401 unauthorized → server_error; test connection says so", async () => {
    const { pkcs12, passphrase } = double.pki.unregistered;
    const connection = await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double, {}, { pkcs12, passphrase }));
    await expectStartFailure("server_error", EID_MISCONFIGURED);
    const check = await checkBankIdConnection(connection);
    expect(check.ok).toBe(false);
    expect(check.note).toMatch(/401 unauthorized/);
  });

  it("a wrong PKCS#12 passphrase → server_error before any call; test connection names the file and passphrase", async () => {
    const callsBefore = double.calls.length;
    const connection = await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double, {}, { pkcs12: double.pki.rp.pkcs12, passphrase: "not-the-passphrase" }));
    await expectStartFailure("server_error", EID_MISCONFIGURED);
    const check = await checkBankIdConnection(connection);
    expect(check.ok).toBe(false);
    expect(check.note).toMatch(/PKCS#12/);
    expect(double.calls.length).toBe(callsBefore);
  });

  it("a CA that did not issue the RP API's server certificate → server_error; test connection blames the server certificate", async () => {
    const connection = await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double, { caCertificate: double.pki.foreignCaPem }));
    await expectStartFailure("server_error", EID_MISCONFIGURED);
    const check = await checkBankIdConnection(connection);
    expect(check.ok).toBe(false);
    expect(check.note).toMatch(/server certificate was not accepted/);
  });
});

describe("the RP API down, slow or in trouble", () => {
  it("nothing listening at the endpoint → server_error, nothing issued; test connection says it could not be reached", async () => {
    const closed = `https://127.0.0.1:${await freePort()}/rp/v6.0`;
    const connection = await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double, { endpoint: closed }));
    await expectStartFailure("server_error", EID_UNAVAILABLE);
    const check = await checkBankIdConnection(connection);
    expect(check.ok).toBe(false);
    expect(check.note).toMatch(/could not be reached/);
  });

  it("/auth answers after the time limit → server_error, nothing issued; test connection reports the timeout", async () => {
    const connection = await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double, { timeoutMs: 1000 }));
    double.delay("auth", 3000);
    await expectStartFailure("server_error", EID_UNAVAILABLE);
    double.delay("collect", 3000);
    const check = await checkBankIdConnection(connection);
    expect(check).toMatchObject({ ok: false });
    expect(check.note).toMatch(/did not answer within 1000 ms/);
  });

  it("/auth answers maintenance → server_error, nothing issued", async () => {
    double.fail("auth", { status: 503, errorCode: "maintenance", details: "Service unavailable" });
    await expectStartFailure("server_error", EID_UNAVAILABLE);
  });

  it("one /collect that times out is retried, and the login completes", async () => {
    await saveBankIdConnection(tenant.tenantId, bankIdConnectionInput(double, { timeoutMs: 1000 }));
    double.scripts.push({ pending: ["outstandingTransaction"], outcome: { status: "complete" } });
    double.delay("collect", 3000);
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client);
    const { answers, last } = await pollUntilSettled(browser, loginId);
    expect(last.status).toBe("complete");
    expect(answers.every((a) => a.status !== "failed")).toBe(true);
    expectCode(await authenticate(browser, loginId), porta, "st-bankid");
  });

  it(`/collect in trouble ${MAX_COLLECT_ERRORS} times running → failed (unavailable) → server_error at the relying party, nothing issued`, async () => {
    double.scripts.push({ pending: ["outstandingTransaction"], outcome: { status: "complete" } });
    double.fail("collect", { status: 500, errorCode: "internalError", details: "Internal error" }, MAX_COLLECT_ERRORS);
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client);
    const { last } = await pollUntilSettled(browser, loginId);
    expect(last).toEqual({ status: "failed", reason: "unavailable", hintCode: "internalError" });
    const params = expectRedirectedError(await authenticate(browser, loginId), porta, { error: "server_error", state: "st-bankid" });
    expect(params.error_description).toBe(EID_UNAVAILABLE);
    expectNoUpstreamDetail(params.error_description);
    expect(params.error_description).not.toMatch(/internalError/);
    expect(await codeIssuedFor(loginId)).toBe(false);
  });

  it("/collect answers an unreadable body → failed (invalidResponse) → server_error, nothing issued", async () => {
    double.scripts.push({ pending: [], outcome: { status: "complete", user: { personalNumber: "not-a-number", name: "X", givenName: "X", surname: "X" } } });
    const browser = new TestBrowser(porta.issuer);
    const loginId = await openBankIdPage(browser, tenant.client);
    const { last } = await pollUntilSettled(browser, loginId);
    expect(last).toMatchObject({ status: "failed", reason: "invalidResponse" });
    expectRedirectedError(await authenticate(browser, loginId), porta, { error: "server_error", state: "st-bankid" });
    expect(await codeIssuedFor(loginId)).toBe(false);
  });
});
