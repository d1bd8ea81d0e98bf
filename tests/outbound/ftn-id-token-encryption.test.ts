/**
 * FTN needs encrypted ID tokens, in every tenant. In a production tenant (on its own domain) whose
 * FTN broker is node-oidc-provider on loopback (tests/support/upstream-oidc.ts): an application
 * enables FTN only with id_token_encrypted_response_alg and an encryption key, an FTN login gives
 * it a JWE that opens with its private key (RSA-OAEP-256 or ECDH-ES), and an application that
 * cannot take one is refused FTN at authorize and PAR.
 */
import { compactDecrypt, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { prisma } from "../../lib/db/client";
import { saveConnection } from "../../lib/eid/connections/service";
import { createTenant } from "../../lib/tenants/create-tenant";
import { TestBrowser, type Hop } from "../support/browser";
import { basicAuth, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, expectCode, expectRedirectedError, MITID, redeemOk } from "../support/hosted-login";
import { register, startTestPorta, type TestPorta } from "../support/test-server";
import { BROKER_ACR_SUBSTANTIAL, startUpstreamBroker, type UpstreamBroker } from "../support/upstream-oidc";

const FTN_BANK = "urn:grn:authn:fi:bank-id";
const FTN_ALL = "urn:grn:authn:fi:all";

let porta: TestPorta;
let broker: UpstreamBroker;
let tenantId: string;
let rsa: { privateKey: CryptoKey; jwk: JWK };
let ec: { privateKey: CryptoKey; jwk: JWK };

async function encryptionKey(alg: "RSA-OAEP-256" | "ECDH-ES", kid: string): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === "ECDH-ES" ? { crv: "P-256" } : {}) });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, use: "enc", alg } };
}

async function registerIn(metadata: Record<string, unknown>): Promise<Response> {
  return register(porta, { redirect_uris: [RP_CALLBACK], tenant_id: tenantId, client_name: "Suomen Eläke", ...metadata });
}

async function registered(metadata: Record<string, unknown>): Promise<RegisteredClient> {
  const response = await registerIn(metadata);
  const body = (await response.json()) as RegisteredClient & { error_description?: string };
  expect(response.status, body.error_description).toBe(201);
  return body;
}

async function expectRefusedMetadata(response: Response, description: RegExp): Promise<void> {
  const body = (await response.json()) as { error?: string; error_description?: string };
  expect(response.status).toBe(400);
  expect(body.error).toBe("invalid_client_metadata");
  expect(body.error_description).toMatch(description);
}

/** Follows redirects across Porta and the broker until the relying party. */
async function loginThroughBroker(client: RegisteredClient, acr: string): Promise<Hop> {
  const browser = new TestBrowser(porta.issuer);
  let hop = await browser.get(authorizePath(client, { acr_values: acr, state: "st-ftn" }));
  let base = porta.issuer;
  for (let i = 0; i < 15 && hop.status >= 300 && hop.status < 400 && hop.location && !hop.location.startsWith(RP_CALLBACK); i++) {
    const next = new URL(hop.location, base).href;
    base = next;
    hop = await browser.get(next);
  }
  return hop;
}

async function portaKeys(): Promise<ReturnType<typeof createLocalJWKSet>> {
  return createLocalJWKSet((await (await fetch(`${porta.issuer}/.well-known/jwks`)).json()) as { keys: JWK[] });
}

beforeAll(async () => {
  porta = await startTestPorta();
  broker = await startUpstreamBroker({ portaIssuer: porta.issuer });
  const owner = await (await prisma()).adminUser.findFirstOrThrow();
  tenantId = (await createTenant({ name: "Suomen Eläke", environment: "production" }, owner.id, SYSTEM_ACTOR)).id;
  await saveConnection(
    tenantId,
    {
      family: "fi-ftn",
      kind: "oidc",
      enabled: true,
      settings: { issuer: broker.issuer, clientId: broker.clientId, clientAuth: "client_secret_basic", scopes: "openid profile ssn", acrValues: { [FTN_BANK]: BROKER_ACR_SUBSTANTIAL }, timeoutMs: 5000 },
      secrets: { clientSecret: broker.clientSecret },
    },
    SYSTEM_ACTOR,
  );
  rsa = await encryptionKey("RSA-OAEP-256", "rp-enc-rsa");
  ec = await encryptionKey("ECDH-ES", "rp-enc-ec");
});

afterAll(async () => {
  await broker?.close();
  await porta?.close();
});

describe("registration in a production tenant", () => {
  it("FTN enabled without encrypted ID tokens → invalid_client_metadata naming id_token_encrypted_response_alg, nothing stored", async () => {
    const db = await prisma();
    const before = await db.application.count({ where: { tenantId } });
    await expectRefusedMetadata(await registerIn({ enabled_acr_values: [MITID, FTN_BANK] }), /Finnish bank ID .* requires encrypted ID tokens: set id_token_encrypted_response_alg/);
    await expectRefusedMetadata(await registerIn({ enabled_acr_values: [FTN_ALL], default_acr_values: [FTN_ALL] }), /id_token_encrypted_response_alg/);
    // The key alone is not enough, nor the alg without a key of its type.
    await expectRefusedMetadata(await registerIn({ enabled_acr_values: [FTN_BANK], jwks: { keys: [rsa.jwk] } }), /id_token_encrypted_response_alg/);
    await expectRefusedMetadata(
      await registerIn({ enabled_acr_values: [FTN_BANK], jwks: { keys: [rsa.jwk] }, id_token_encrypted_response_alg: "ECDH-ES" }),
      /id_token_encrypted_response_alg ECDH-ES requires an EC key with use "enc"/,
    );
    expect(await db.application.count({ where: { tenantId } })).toBe(before);
  });

  it("an application that names no eIDs gets every eID but FTN; with encrypted ID tokens, FTN too", async () => {
    const plain = await registered({});
    expect(plain.enabled_acr_values).toContain(MITID);
    expect((plain.enabled_acr_values as string[]).filter((acr) => acr.startsWith("urn:grn:authn:fi:"))).toEqual([]);
    const encrypting = await registered({ jwks: { keys: [rsa.jwk] }, id_token_encrypted_response_alg: "RSA-OAEP-256" });
    expect(encrypting.enabled_acr_values).toEqual(expect.arrayContaining([MITID, FTN_BANK, FTN_ALL]));
  });

  it("an update that drops the encryption of an FTN application → invalid_client_metadata, the stored one unchanged", async () => {
    const client = await registered({ enabled_acr_values: [FTN_BANK], jwks: { keys: [rsa.jwk] }, id_token_encrypted_response_alg: "RSA-OAEP-256" });
    const put = await fetch(`${porta.issuer}/oauth2/register/${encodeURIComponent(client.client_id)}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${client.registration_access_token}` },
      // enabled_acr_values omitted: the stored FTN stays, and still needs the encryption.
      body: JSON.stringify({ client_id: client.client_id, redirect_uris: [RP_CALLBACK], jwks: { keys: [rsa.jwk] } }),
    });
    await expectRefusedMetadata(put, /Finnish bank ID .* requires encrypted ID tokens/);
    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: client.client_id } });
    expect(stored.idTokenEncryptedResponseAlg).toBe("RSA-OAEP-256");
  });

  it("a test tenant holds FTN's simulator to the same rule (tests/integration/ftn-encryption-test-tenant.test.ts has the rest)", async () => {
    const response = await register(porta, { redirect_uris: [RP_CALLBACK], enabled_acr_values: [FTN_BANK] });
    await expectRefusedMetadata(response, /Finnish bank ID .* requires encrypted ID tokens: set id_token_encrypted_response_alg/);
  });
});

describe("an FTN login at an application with encrypted ID tokens", () => {
  for (const [alg, key] of [
    ["RSA-OAEP-256", () => rsa],
    ["ECDH-ES", () => ec],
  ] as const) {
    it(`${alg}: the ID token is a JWE that opens with the application's private key, and holds Porta's signed token`, async () => {
      const client = await registered({ enabled_acr_values: [FTN_BANK], jwks: { keys: [key().jwk] }, id_token_encrypted_response_alg: alg, id_token_encrypted_response_enc: "A256GCM" });
      const hop = await loginThroughBroker(client, FTN_BANK);
      const tokens = await redeemOk(porta, client, expectCode(hop, porta, "st-ftn").code);
      expect(tokens.id_token.split(".")).toHaveLength(5); // compact JWE
      const { protectedHeader, plaintext } = await compactDecrypt(tokens.id_token, key().privateKey);
      expect(protectedHeader).toMatchObject({ alg, enc: "A256GCM", cty: "JWT", kid: key().jwk.kid });
      const { payload } = await jwtVerify(new TextDecoder().decode(plaintext), await portaKeys(), { issuer: porta.issuer, audience: client.client_id });
      expect(payload).toMatchObject({ acr: FTN_BANK, identityscheme: "fitupas" });
      // Another key does not open it.
      const stranger = await encryptionKey(alg, "stranger");
      await expect(compactDecrypt(tokens.id_token, stranger.privateKey)).rejects.toThrow();
    });
  }
});

describe("an application that takes its ID tokens unencrypted (stored before the rule)", () => {
  async function preRuleClient(enabled: string[]): Promise<RegisteredClient> {
    const client = await registered({ enabled_acr_values: [MITID] });
    // As stored before the rule existed: FTN enabled, no encryption.
    await (await prisma()).application.update({ where: { clientId: client.client_id }, data: { enabledAcrValues: enabled } });
    return client;
  }

  it("asking for FTN at authorize → invalid_request at the relying party, nothing issued, no broker call", async () => {
    const client = await preRuleClient([MITID, FTN_BANK]);
    broker.seen.length = 0;
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(client, { acr_values: FTN_BANK, state: "st-old" }));
    const params = expectRedirectedError(hop, porta, { error: "invalid_request", state: "st-old" });
    expect(params.error_description).toBe("acr_values: Finnish bank ID requires encrypted ID tokens, and this application has no id_token_encrypted_response_alg");
    expect(broker.seen).toEqual([]);
  });

  it("asking for FTN at PAR → 400 invalid_request", async () => {
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

  it("asking for no eID when FTN is all it has → invalid_request", async () => {
    const client = await preRuleClient([FTN_BANK]);
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(client, { state: "st-none" }));
    const params = expectRedirectedError(hop, porta, { error: "invalid_request", state: "st-none" });
    expect(params.error_description).toBe("No eID of this application can be used: Finnish bank ID requires encrypted ID tokens");
  });
});
