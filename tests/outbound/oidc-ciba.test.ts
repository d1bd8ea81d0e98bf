/**
 * CIBA of a production tenant relayed to its upstream OpenID Connect eID (Norwegian BankID through
 * a broker): node-oidc-provider with its CIBA feature on loopback (tests/support/upstream-ciba.ts).
 * Porta starts the upstream request, polls the provider's token endpoint in poll mode no sooner
 * than its interval, validates the ID token, and answers its own relying party's polls; for a
 * ping-mode relying party Porta polls the provider itself and pings the client with the outcome.
 * How the provider failing ends a login: oidc-ciba-failures.test.ts.
 */
import { startPingReceiver, type PingReceiver } from "../support/ping-receiver";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { INGRID, pollCiba, pollUntilSettledMovingClock, relayClient, relayTenant, startCiba, type Answer } from "../support/ciba-relay";
import { advanceClock, resetClock } from "../support/clock";
import type { RegisteredClient } from "../support/clients";
import { EID_UNAVAILABLE, NO_BANKID } from "../support/hosted-login";
import { reachLocalhostDomains } from "../support/tenant-domain";
import { startTestPorta, type TestPorta } from "../support/test-server";
import { CIBA_BROKER_ACR, startCibaBroker, type CibaBroker } from "../support/upstream-ciba";

const SOFIE = "17060261210"; // a valid fødselsnummer the broker does not know

let server: TestPorta;
/** The test server as each production tenant's domain, where it is served. */
let porta: TestPorta;
let plainPorta: TestPorta;
let broker: CibaBroker;
let plainBroker: CibaBroker;
let tenantId: string;
let client: RegisteredClient;
let plainClient: RegisteredClient;

reachLocalhostDomains();

beforeAll(async () => {
  server = await startTestPorta();
  broker = await startCibaBroker();
  plainBroker = await startCibaBroker({ ciba: false });
  ({ tenantId, porta } = await relayTenant(server, "Fjord Forsikring", broker));
  client = await relayClient(porta, tenantId);
  const plain = await relayTenant(server, "Fjell Bank", plainBroker);
  plainPorta = plain.porta;
  plainClient = await relayClient(plainPorta, plain.tenantId);
});

afterEach(() => {
  broker.reset();
  resetClock();
});

afterAll(async () => {
  await broker?.close();
  await plainBroker?.close();
  await server?.close();
});

const start = (form: Record<string, string> = {}, as = client, on = porta) => startCiba(on, as, form);
const poll = (id: string) => pollCiba(porta, client, id);
const settle = (id: string) => pollUntilSettledMovingClock(porta, client, id);

describe("CIBA relayed to an upstream OpenID Connect provider", () => {
  it("starts the upstream request for the person, polls it no sooner than its interval, and issues Porta's tokens for the provider's ID token", async () => {
    const started = await start({ binding_message: "Call 4711" });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ interval: 3 });
    const upstream = broker.requests.at(-1)!;
    expect(upstream.params).toMatchObject({ login_hint: INGRID, binding_message: "Call 4711", acr_values: CIBA_BROKER_ACR, scope: "openid profile nnin" });

    const id = started.body.auth_req_id as string;
    expect((await poll(id)).body.error).toBe("authorization_pending");
    expect(broker.tokenRequests).toBe(0); // the provider's interval (5 s) has not passed
    await broker.approve();
    advanceClock(3100); // the granted interval
    const answers = await settle(id);
    const done = answers.at(-1)!;
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(broker.tokenRequests).toBe(1);
    expect(decodeJwt(done.body.id_token as string)).toMatchObject({ acr: NO_BANKID, identityscheme: "nobankid-oidc", socialno: INGRID, name: "Ingrid Hansen", iss: porta.issuer, aud: client.client_id });
    expect((await poll(id)).body.error).toBe("invalid_grant"); // once
  });

  it("the person declining at the provider → access_denied", async () => {
    const started = await start();
    await broker.decline();
    const answers = await settle(started.body.auth_req_id as string);
    expect(answers.at(-1)).toMatchObject({ status: 400, body: { error: "access_denied", error_description: "The person declined the login at the eID" } });
  });

  it("an ID token without the asked-for assurance → server_error, nothing issued", async () => {
    const started = await start();
    await broker.approve("https://broker.example/acr/something-else");
    const answers = await settle(started.body.auth_req_id as string);
    expect(answers.at(-1)).toEqual({ status: 500, body: { error: "server_error", error_description: "The eID provider's answer could not be used" } });
  });

  it("a person the provider does not know → unknown_user_id, and no login starts", async () => {
    const before = await (await prisma()).login.count();
    const answer = await start({ login_hint: `sub:ssn:${SOFIE}` });
    expect(answer).toEqual({ status: 400, body: { error: "unknown_user_id", error_description: "The eID does not know the person the login_hint names" } });
    expect(await (await prisma()).login.count()).toBe(before);
  });

  it("a provider that advertises no backchannel authentication endpoint → invalid_request", async () => {
    const answer = await start({}, plainClient, plainPorta);
    expect(answer).toEqual({ status: 400, body: { error: "invalid_request", error_description: "BankID cannot run CIBA logins through this tenant's connection" } });
  });

  it("Porta's request expiring first → expired_token", async () => {
    const started = await start();
    const id = started.body.auth_req_id as string;
    await (await prisma()).login.update({ where: { decoupledIdHash: hashToken(id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await poll(id)).body).toMatchObject({ error: "expired_token" });
  });
});

describe("a ping-mode relying party", () => {
  let receiver: PingReceiver;
  let pingClient: RegisteredClient;

  beforeAll(async () => {
    receiver = await startPingReceiver();
    pingClient = await relayClient(porta, tenantId, {
      backchannel_token_delivery_mode: "ping",
      backchannel_client_notification_endpoint: receiver.url,
    });
  });

  afterAll(async () => {
    await receiver.close();
  });

  /**
   * Starts a ping-mode request (the client never polls before the ping), lets the person answer at
   * the provider once `answer` says so, and waits for Porta's ping; the auth_req_id.
   */
  async function startAndAwaitPing(token: string, answer: () => Promise<void>): Promise<string> {
    const pinged = receiver.nextPing();
    const started = await startCiba(porta, pingClient, { client_notification_token: token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await answer();
    await pinged;
    return started.body.auth_req_id as string;
  }

  const tokensFor = (id: string): Promise<Answer> => pollCiba(porta, pingClient, id);

  it("Porta polls the provider itself at its interval and pings once the person approved there; the client then gets its tokens, once", async () => {
    broker.interval = 2;
    const before = broker.tokenRequestTimes.length;
    const id = await startAndAwaitPing("nt-relay-1234", async () => {
      await broker.tokenAnswered(); // Porta asked, the person had not answered yet
      await broker.approve();
    });
    expect(receiver.pings.at(-1)).toEqual({ authorization: "Bearer nt-relay-1234", body: JSON.stringify({ auth_req_id: id }) });
    const asked = broker.tokenRequestTimes.slice(before);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < asked.length; i++) expect(asked[i]! - asked[i - 1]!).toBeGreaterThanOrEqual(2000);

    const tokens = await tokensFor(id);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(decodeJwt(tokens.body.id_token as string)).toMatchObject({ acr: NO_BANKID, socialno: INGRID, name: "Ingrid Hansen", aud: pingClient.client_id });
    expect((await tokensFor(id)).body.error).toBe("invalid_grant");
    expect(broker.tokenRequestTimes.length - before).toBe(asked.length); // the ping ended Porta's polling
  });

  it("pings as well when the person declines at the provider; the client then hears access_denied", async () => {
    broker.interval = 1;
    const count = receiver.pings.length;
    const id = await startAndAwaitPing("nt-relay-5678", () => broker.decline());
    expect(receiver.pings).toHaveLength(count + 1);
    expect(await tokensFor(id)).toEqual({ status: 400, body: { error: "access_denied", error_description: "The person declined the login at the eID" } });
  });

  it("pings when the provider keeps failing; the client then hears server_error without the provider's text", async () => {
    broker.interval = 1;
    const failing = { status: 503, body: JSON.stringify({ error: "temporarily_unavailable", error_description: "node bn-7 down" }) };
    broker.script("/token", failing, failing, failing);
    const id = await startAndAwaitPing("nt-relay-9012", () => Promise.resolve());
    expect(await tokensFor(id)).toEqual({ status: 500, body: { error: "server_error", error_description: EID_UNAVAILABLE } });
  });
});
