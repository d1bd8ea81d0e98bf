/**
 * FTN needs encrypted ID tokens in test tenants as in production (README, "Client registration"),
 * so that an integration meets the rule before it goes live. In the seeded test tenant, with FTN's
 * simulator: registration refuses FTN without encryption; authorize and PAR refuse it to an
 * application without it (one stored before the rule); such an application is not offered FTN on
 * the selection screen or in its discovery document; and an application with encryption logs in
 * with FTN and gets a JWE that opens with its private key.
 */
import { compactDecrypt, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db/client";
import { requestOf } from "../../lib/login/login";
import { loginId, TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, expectCode, expectErrorPage, expectRedirectedError, login, MITID, redeemOk, SE_BANKID } from "../support/hosted-login";
import { register, startTestPorta, type TestPorta } from "../support/test-server";

const FTN_BANK = "urn:grn:authn:fi:bank-id";
const FTN_MOBILE = "urn:grn:authn:fi:mobile-id";
const FTN_ALL = "urn:grn:authn:fi:all";
const isFinnish = (acr: string) => acr.startsWith("urn:grn:authn:fi:");

let porta: TestPorta;
let encryption: { privateKey: CryptoKey; jwk: JWK };

beforeAll(async () => {
  porta = await startTestPorta();
  const { publicKey, privateKey } = await generateKeyPair("RSA-OAEP-256", { extractable: true });
  encryption = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: "rp-enc-1", use: "enc", alg: "RSA-OAEP-256" } };
});

afterAll(async () => {
  await porta.close();
});

async function expectRefusedMetadata(response: Response, description: RegExp): Promise<void> {
  const body = (await response.json()) as { error?: string; error_description?: string };
  expect(response.status).toBe(400);
  expect(body.error).toBe("invalid_client_metadata");
  expect(body.error_description).toMatch(description);
}

/** An application of the test tenant as stored before the rule: `enabled` (FTN among them), no encryption. */
async function preRuleClient(enabled: string[]): Promise<RegisteredClient> {
  const client = await registerClient(porta, { enabled_acr_values: [MITID] });
  await (await prisma()).application.update({ where: { clientId: client.client_id }, data: { enabledAcrValues: enabled } });
  return client;
}

async function discoveredAcrValues(clientId: string): Promise<string[]> {
  const response = await fetch(`${porta.issuer}/.well-known/openid-configuration?client_id=${encodeURIComponent(clientId)}`);
  return ((await response.json()) as { acr_values_supported: string[] }).acr_values_supported;
}

describe("registration in a test tenant", () => {
  it("FTN without an encryption key and id_token_encrypted_response_alg → invalid_client_metadata naming that field, nothing stored", async () => {
    const db = await prisma();
    const before = await db.application.count();
    const base = { redirect_uris: [RP_CALLBACK], client_name: "Testi Oy" };
    await expectRefusedMetadata(await register(porta, { ...base, enabled_acr_values: [MITID, FTN_BANK] }), /^Finnish bank ID \(urn:grn:authn:fi:bank-id\) requires encrypted ID tokens: set id_token_encrypted_response_alg/);
    await expectRefusedMetadata(await register(porta, { ...base, enabled_acr_values: [FTN_ALL], default_acr_values: [FTN_ALL] }), /Finnish Trust Network .* requires encrypted ID tokens/);
    // The key alone is not enough, nor the alg without a key to encrypt to.
    await expectRefusedMetadata(await register(porta, { ...base, enabled_acr_values: [FTN_MOBILE], jwks: { keys: [encryption.jwk] } }), /requires encrypted ID tokens/);
    await expectRefusedMetadata(
      await register(porta, { ...base, enabled_acr_values: [FTN_BANK], id_token_encrypted_response_alg: "RSA-OAEP-256" }),
      /id_token_encrypted_response_alg RSA-OAEP-256 requires an RSA key with use "enc"/,
    );
    expect(await db.application.count()).toBe(before);
  });

  it("an application that names no eIDs gets every test eID but FTN; with encrypted ID tokens, FTN too", async () => {
    const plain = await registerClient(porta);
    expect(plain.environment).toBe("test");
    expect(plain.enabled_acr_values).toEqual(expect.arrayContaining([MITID, SE_BANKID]));
    expect((plain.enabled_acr_values as string[]).filter(isFinnish)).toEqual([]);
    const encrypting = await registerClient(porta, { jwks: { keys: [encryption.jwk] }, id_token_encrypted_response_alg: "RSA-OAEP-256" });
    expect((encrypting.enabled_acr_values as string[]).filter(isFinnish)).toEqual([FTN_BANK, FTN_MOBILE, FTN_ALL]);
  });
});

describe("an application of a test tenant without encrypted ID tokens", () => {
  it("asking for FTN at authorize → invalid_request at the relying party, and no login starts", async () => {
    const db = await prisma();
    const logins = await db.login.count();
    const preRule = await preRuleClient([MITID, FTN_BANK]);
    const refused = expectRedirectedError(await new TestBrowser(porta.issuer).get(authorizePath(preRule, { acr_values: FTN_BANK, state: "t-ftn" })), porta, { error: "invalid_request", state: "t-ftn" });
    expect(refused.error_description).toBe("acr_values: Finnish bank ID requires encrypted ID tokens, and this application has no id_token_encrypted_response_alg");
    // Registered today (every eID it can use), it does not have FTN at all.
    const current = await registerClient(porta);
    const notEnabled = expectRedirectedError(await new TestBrowser(porta.issuer).get(authorizePath(current, { acr_values: FTN_MOBILE, state: "t-ftn2" })), porta, { error: "invalid_request", state: "t-ftn2" });
    expect(notEnabled.error_description).toBe("acr_values: urn:grn:authn:fi:mobile-id (Finnish Mobile ID) is not enabled for this application");
    expect(await db.login.count()).toBe(logins);
  });

  it("asking for FTN at PAR → 400 invalid_request and no request_uri", async () => {
    const client = await preRuleClient([MITID, FTN_BANK]);
    const response = await fetch(`${porta.issuer}/oauth2/par`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret!) },
      body: new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: FTN_BANK }).toString(),
    });
    const body = (await response.json()) as { error?: string; error_description?: string; request_uri?: string };
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ error: "invalid_request", error_description: expect.stringMatching(/Finnish bank ID requires encrypted ID tokens/) });
    expect(body.request_uri).toBeUndefined();
  });

  it("asking for no eID: the selection screen leaves FTN out, selecting it anyway is refused, and discovery does not list it", async () => {
    const client = await preRuleClient([MITID, SE_BANKID, FTN_BANK]);
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(authorizePath(client, { state: "t-sel" }));
    expect(start.status, start.text.slice(0, 300)).toBe(303);
    expect(start.location).toMatch(/^\/login\/[0-9a-f-]{36}$/);
    const id = loginId(start.location);
    const loginRow = await (await prisma()).login.findUniqueOrThrow({ where: { id } });
    expect(requestOf(loginRow).acrValues).toEqual([MITID, SE_BANKID]);
    expectErrorPage(await browser.post(`/login/${id}/select`, { acr: FTN_BANK }), "invalid_request");
    expect(await discoveredAcrValues(client.client_id)).toEqual([MITID, SE_BANKID]);
  });

  it("when FTN is all it has → invalid_request", async () => {
    const client = await preRuleClient([FTN_BANK]);
    const refused = expectRedirectedError(await new TestBrowser(porta.issuer).get(authorizePath(client, { state: "t-none" })), porta, { error: "invalid_request", state: "t-none" });
    expect(refused.error_description).toBe("No eID of this application can be used: Finnish bank ID requires encrypted ID tokens");
  });
});

describe("an FTN login at a test-tenant application with encrypted ID tokens", () => {
  it("the simulated person arrives in a JWE that opens with the application's private key and holds Porta's signed token", async () => {
    const client = await registerClient(porta, { enabled_acr_values: [MITID, FTN_BANK], jwks: { keys: [encryption.jwk] }, id_token_encrypted_response_alg: "RSA-OAEP-256" });
    expect(await discoveredAcrValues(client.client_id)).toEqual([MITID, FTN_BANK]);
    const done = await login(new TestBrowser(porta.issuer), authorizePath(client, { acr_values: FTN_BANK, scope: "openid ssn", state: "t-ok", nonce: "n-ftn" }), "ftn-1");
    const tokens = await redeemOk(porta, client, expectCode(done, porta, "t-ok").code);
    expect(tokens.id_token.split(".")).toHaveLength(5);
    const { plaintext, protectedHeader } = await compactDecrypt(tokens.id_token, encryption.privateKey);
    expect(protectedHeader).toMatchObject({ alg: "RSA-OAEP-256", enc: "A256GCM", cty: "JWT", kid: "rp-enc-1" });
    const keys = createLocalJWKSet((await (await fetch(`${porta.issuer}/.well-known/jwks`)).json()) as { keys: JWK[] });
    const { payload } = await jwtVerify(new TextDecoder().decode(plaintext), keys, { issuer: porta.issuer, audience: client.client_id });
    expect(payload).toMatchObject({ acr: FTN_BANK, identityscheme: "fitupas", country: "FI", hetu: "120384-457K", name: "Mikko Virtanen", nonce: "n-ftn" });
  });
});
