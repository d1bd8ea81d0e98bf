/**
 * CIBA of a production tenant relayed to its upstream OpenID Connect eID (Norwegian BankID through
 * a broker): node-oidc-provider with its CIBA feature on loopback (tests/support/upstream-ciba.ts).
 * Porta starts the upstream request, polls the provider's token endpoint in poll mode no sooner
 * than its interval, validates the ID token, and answers its own relying party's polls.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { saveConnection, type ConnectionInput } from "../../lib/eid/connections/service";
import { createTenant } from "../../lib/tenants/create-tenant";
import { basicAuth, registerClient, type RegisteredClient } from "../support/clients";
import { NO_BANKID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";
import { CIBA_BROKER_ACR, startCibaBroker, type CibaBroker } from "../support/upstream-ciba";

const CIBA_GRANT = "urn:openid:params:grant-type:ciba";
const INGRID = "22048712359";
const SOFIE = "17060261210"; // a valid fødselsnummer the broker does not know

let porta: TestPorta;
let broker: CibaBroker;
let plainBroker: CibaBroker;
let client: RegisteredClient;
let plainClient: RegisteredClient;

function connection(issuer: string, secret: string): ConnectionInput {
  return {
    family: "no-bankid",
    kind: "oidc",
    enabled: true,
    settings: {
      issuer,
      clientId: "porta",
      clientAuth: "client_secret_basic",
      scopes: "openid profile nnin",
      acrValues: { [NO_BANKID]: CIBA_BROKER_ACR },
      claimMapping: { socialno: "no.nnin" },
      personKeyClaim: "no.nnin",
      usePar: false,
      timeoutMs: 2000,
    },
    secrets: { clientSecret: secret },
  };
}

async function productionClient(name: string, issuer: string, secret: string): Promise<RegisteredClient> {
  const owner = await (await prisma()).adminUser.findFirstOrThrow();
  const tenant = await createTenant({ name, environment: "production" }, owner.id, SYSTEM_ACTOR);
  await saveConnection(tenant.id, connection(issuer, secret), SYSTEM_ACTOR);
  return registerClient(porta, { tenant_id: tenant.id, grant_types: [CIBA_GRANT], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
}

beforeAll(async () => {
  porta = await startTestPorta();
  broker = await startCibaBroker();
  plainBroker = await startCibaBroker({ ciba: false });
  client = await productionClient("Fjord Forsikring", broker.issuer, broker.clientSecret);
  plainClient = await productionClient("Fjell Bank", plainBroker.issuer, plainBroker.clientSecret);
});

afterAll(async () => {
  await broker?.close();
  await plainBroker?.close();
  await porta?.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function post(path: string, as: RegisteredClient, form: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(as.client_id, as.client_secret!) },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const start = (form: Record<string, string> = {}, as = client) => post("/ciba/bc-authorize", as, { scope: "openid ssn", acr_values: NO_BANKID, login_hint: `sub:ssn:${INGRID}`, ...form });
const poll = (id: string) => post("/oauth2/token", client, { grant_type: CIBA_GRANT, auth_req_id: id });

/** Polls as a well-behaved client does (every 3 s) until the answer is no longer pending. */
async function pollUntilSettled(id: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await poll(id);
    answers.push(answer);
    if (answer.body.error !== "authorization_pending") return answers;
    await new Promise((resolve) => setTimeout(resolve, 3100));
  }
  throw new Error("the relayed CIBA login did not settle within 20 polls");
}

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
    await new Promise((resolve) => setTimeout(resolve, 3100)); // the granted interval
    const answers = await pollUntilSettled(id);
    const done = answers.at(-1)!;
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(broker.tokenRequests).toBe(1);
    expect(decodeJwt(done.body.id_token as string)).toMatchObject({ acr: NO_BANKID, identityscheme: "nobankid-oidc", socialno: INGRID, name: "Ingrid Hansen", iss: porta.issuer, aud: client.client_id });
    expect((await poll(id)).body.error).toBe("invalid_grant"); // once
  });

  it("the person declining at the provider → access_denied", async () => {
    const started = await start();
    await broker.decline();
    const answers = await pollUntilSettled(started.body.auth_req_id as string);
    expect(answers.at(-1)).toMatchObject({ status: 400, body: { error: "access_denied", error_description: "The person declined the login at the eID" } });
  });

  it("an ID token without the asked-for assurance → server_error, nothing issued", async () => {
    const started = await start();
    await broker.approve("https://broker.example/acr/something-else");
    const answers = await pollUntilSettled(started.body.auth_req_id as string);
    expect(answers.at(-1)).toEqual({ status: 500, body: { error: "server_error", error_description: "The eID provider's answer could not be used" } });
  });

  it("a person the provider does not know → unknown_user_id, and no login starts", async () => {
    const before = await (await prisma()).loginTransaction.count();
    const answer = await start({ login_hint: `sub:ssn:${SOFIE}` });
    expect(answer).toEqual({ status: 400, body: { error: "unknown_user_id", error_description: "The eID does not know the person the login_hint names" } });
    expect(await (await prisma()).loginTransaction.count()).toBe(before);
  });

  it("a provider that advertises no backchannel authentication endpoint → invalid_request", async () => {
    const answer = await start({}, plainClient);
    expect(answer).toEqual({ status: 400, body: { error: "invalid_request", error_description: "BankID cannot run CIBA logins through this tenant's connection" } });
  });

  it("Porta's request expiring first → expired_token", async () => {
    const started = await start();
    const id = started.body.auth_req_id as string;
    await (await prisma()).loginTransaction.update({ where: { decoupledIdHash: hashToken(id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await poll(id)).body).toMatchObject({ error: "expired_token" });
  });
});
