/**
 * CIBA relayed to an upstream OpenID Connect provider that fails (lib/eid/connection-kinds/oidc/ciba.ts):
 * node-oidc-provider with its CIBA feature (tests/support/upstream-ciba.ts), some of whose answers
 * the test replaces with errors, garbage or silence. At the start every failure is Porta's answer at
 * once and no login starts; while polling, a passing problem (5xx, no answer within the
 * connection's time limit) is tried again up to MAX_CHECK_ERRORS times in a row, anything else ends
 * the login; the provider's expired_token and slow_down are heeded. No relying party ever reads
 * the provider's text, and no call waits longer than the connection's time limit.
 */
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { MAX_CHECK_ERRORS } from "../../lib/eid/connection-kinds/oidc/ciba";
import { INGRID, pollUntilSettled, relayClient, relayTenant, startCiba, type Answer } from "../support/ciba-relay";
import type { RegisteredClient } from "../support/clients";
import { EID_INVALID_RESPONSE, EID_UNAVAILABLE, expectNoUpstreamDetail } from "../support/hosted-login";
import { reachLocalhostDomains } from "../support/tenant-domain";
import { startTestPorta, type TestPorta } from "../support/test-server";
import { startCibaBroker, type CibaBroker, type ScriptedAnswer } from "../support/upstream-ciba";

/** What the provider says that no relying party may read. */
const UPSTREAM_TEXT = "replica bn-7 lost quorum";

let server: TestPorta;
/** The test server as the production tenant's domain, where it is served. */
let porta: TestPorta;
let broker: CibaBroker;
let client: RegisteredClient;

reachLocalhostDomains();

beforeAll(async () => {
  server = await startTestPorta();
  broker = await startCibaBroker();
  const relay = await relayTenant(server, "Vestland Sparebank", broker);
  porta = relay.porta;
  client = await relayClient(porta, relay.tenantId);
});

// Porta polls every 3 s; the provider allowing a check every second lets each poll ask it.
beforeEach(() => {
  broker.interval = 1;
});

afterEach(() => broker.reset());

afterAll(async () => {
  await broker?.close();
  await server?.close();
});

const json = (status: number, body: Record<string, unknown>): ScriptedAnswer => ({ status, body: JSON.stringify(body) });
const serverError = json(500, { error: "server_error", error_description: UPSTREAM_TEXT });
const loginCount = async () => (await prisma()).login.count();

/** Starts a request the provider accepts; its auth_req_id. */
async function started(): Promise<string> {
  const answer = await startCiba(porta, client);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.auth_req_id as string;
}

function expectPrivate(answer: Answer): void {
  expect(JSON.stringify(answer.body)).not.toContain(UPSTREAM_TEXT);
  expectNoUpstreamDetail(answer.body.error_description as string | undefined);
}

describe("the provider failing the backchannel authentication request", () => {
  it.each<[string, ScriptedAnswer, number, Record<string, string>]>([
    ["answering 500", serverError, 500, { error: "server_error", error_description: EID_UNAVAILABLE }],
    ["answering 502 with an HTML page", { status: 502, body: `<html>${UPSTREAM_TEXT}</html>`, contentType: "text/html" }, 500, { error: "server_error", error_description: EID_UNAVAILABLE }],
    ["not answering within the time limit", "silent", 500, { error: "server_error", error_description: EID_UNAVAILABLE }],
    ["answering 200 with garbage", { status: 200, body: `<html>${UPSTREAM_TEXT}</html>`, contentType: "text/html" }, 500, { error: "server_error", error_description: EID_INVALID_RESPONSE }],
    ["answering 200 without an auth_req_id", json(200, { expires_in: 120, note: UPSTREAM_TEXT }), 500, { error: "server_error", error_description: EID_INVALID_RESPONSE }],
    ["refusing the client (invalid_client)", json(401, { error: "invalid_client", error_description: UPSTREAM_TEXT }), 500, { error: "server_error", error_description: "The eID connection could not be used" }],
    ["refusing the request (access_denied, CIBA Core §13)", json(403, { error: "access_denied", error_description: UPSTREAM_TEXT }), 403, { error: "access_denied", error_description: "The eID refused the login request" }],
  ])("%s → Porta's own error at once, and no login starts", async (_case, scripted, status, body) => {
    const before = await loginCount();
    const requestsBefore = broker.requests.length;
    broker.script("/backchannel", scripted);
    const answer = await startCiba(porta, client);
    expect(answer).toEqual({ status, body });
    expectPrivate(answer);
    expect(await loginCount()).toBe(before);
    expect(broker.requests.length).toBe(requestsBefore); // the scripted answer stood in for the provider
  });
});

describe("the provider's token endpoint failing while Porta polls it", () => {
  it("a passing 5xx keeps the login pending; the person's approval then still yields the tokens", async () => {
    const id = await started();
    const before = broker.tokenRequests;
    broker.script("/token", serverError);
    await broker.approve();
    const answers = await pollUntilSettled(porta, client, id);
    expect(answers.map((a) => a.body.error ?? a.status)).toEqual(["authorization_pending", "authorization_pending", 200]);
    expect(broker.tokenRequests - before).toBe(2);
    expect(decodeJwt(answers.at(-1)!.body.id_token as string)).toMatchObject({ socialno: INGRID, name: "Ingrid Hansen" });
  });

  it(`${MAX_CHECK_ERRORS} answers of 5xx in a row → server_error, without the provider's text`, async () => {
    const id = await started();
    const before = broker.tokenRequests;
    broker.script("/token", ...Array.from({ length: MAX_CHECK_ERRORS }, () => serverError));
    const answers = await pollUntilSettled(porta, client, id);
    expect(answers.slice(0, -1).every((a) => a.body.error === "authorization_pending")).toBe(true);
    expect(answers.at(-1)).toEqual({ status: 500, body: { error: "server_error", error_description: EID_UNAVAILABLE } });
    expect(broker.tokenRequests - before).toBe(MAX_CHECK_ERRORS);
    expect((await pollUntilSettled(porta, client, id)).at(-1)!.body.error).toBe("server_error"); // the outcome stands
    expect(broker.tokenRequests - before).toBe(MAX_CHECK_ERRORS);
  });

  it(`no answer within the connection's time limit ${MAX_CHECK_ERRORS} times in a row → server_error; every poll in between is answered`, async () => {
    const id = await started();
    const before = broker.tokenRequests;
    broker.script("/token", ...Array.from({ length: MAX_CHECK_ERRORS }, (): ScriptedAnswer => "silent"));
    const answers = await pollUntilSettled(porta, client, id);
    expect(answers.slice(0, -1).every((a) => a.body.error === "authorization_pending")).toBe(true);
    expect(answers.at(-1)).toEqual({ status: 500, body: { error: "server_error", error_description: EID_UNAVAILABLE } });
    expect(broker.tokenRequests - before).toBe(MAX_CHECK_ERRORS);
  });

  it.each<[string, ScriptedAnswer, string]>([
    ["garbage with 200", { status: 200, body: `<html>${UPSTREAM_TEXT}</html>`, contentType: "text/html" }, EID_INVALID_RESPONSE],
    ["tokens without an ID token", json(200, { access_token: "at-1", token_type: "Bearer", expires_in: 60 }), EID_INVALID_RESPONSE],
    ["an error CIBA does not name for polling (invalid_grant)", json(400, { error: "invalid_grant", error_description: UPSTREAM_TEXT }), EID_INVALID_RESPONSE],
  ])("answering %s → server_error at once, without the provider's text", async (_case, scripted, description) => {
    const id = await started();
    const before = broker.tokenRequests;
    broker.script("/token", scripted);
    const answers = await pollUntilSettled(porta, client, id);
    expect(answers.at(-1)).toEqual({ status: 500, body: { error: "server_error", error_description: description } });
    expectPrivate(answers.at(-1)!);
    expect(broker.tokenRequests - before).toBe(1);
  });
});

describe("the provider's own answers about the request", () => {
  it("its request expiring before the person answered (expired_token) → expired_token", async () => {
    broker.requestTtlS = 1;
    const id = await started();
    const answers = await pollUntilSettled(porta, client, id);
    expect(answers.at(-1)).toEqual({ status: 400, body: { error: "expired_token", error_description: "The eID request expired before the person answered" } });
    const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(id) } });
    expect(login).toMatchObject({ state: "failed", error: "expired_token", codeHash: null });
  });

  it("slow_down: Porta waits the provider's interval plus 5 s before asking again", async () => {
    const id = await started();
    await broker.approve();
    const before = broker.tokenRequestTimes.length;
    broker.script("/token", json(400, { error: "slow_down" }));
    const answers = await pollUntilSettled(porta, client, id);
    expect(answers.at(-1)!.status, JSON.stringify(answers.at(-1)!.body)).toBe(200);
    const asked = broker.tokenRequestTimes.slice(before);
    expect(asked).toHaveLength(2);
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual((1 + 5) * 1000);
  });
});
