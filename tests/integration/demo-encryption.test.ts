/**
 * The demo application takes its ID tokens encrypted, so that the playground can log in with FTN
 * (FTN requires encrypted ID tokens in test tenants too: README, "Client registration"): a fresh
 * start seeds it with the key; a database seeded before gets it at the next start, once, however
 * many starts race; and the playground's relying party opens the JWE before it checks and shows the
 * ID token. Its playground URIs follow PUBLIC_URL from one start to the next.
 */
import { findPlaygroundClient, type PlaygroundClient } from "../../lib/playground/playground-app";
import type { JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearApplicationCache } from "../../lib/clients/find-application";
import { encryptAtRest } from "../../lib/crypto/encryption";
import { db, prisma, type Database } from "../../lib/db/client";
import { readMigrations } from "../../lib/db/migrate";
import { Prisma } from "../../lib/db/generated/client";
import { PLAYGROUND_KID_PREFIX } from "../../lib/playground/playground-key";
import { beginLogin, completeLogin, ZPlaygroundRequestSchema } from "../../lib/playground/relying-party";
import { bootstrap } from "../../lib/setup/bootstrap";
import { DEMO_CLIENT_ID, demoRedirectUri } from "../../lib/setup/demo";
import { TestBrowser } from "../support/browser";
import { expectEidStep, MITID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

const FTN_BANK = "urn:grn:authn:fi:bank-id";
const FTN_MOBILE = "urn:grn:authn:fi:mobile-id";
const FTN_ALL = "urn:grn:authn:fi:all";

let porta: TestPorta;
let database: Database;

beforeAll(async () => {
  porta = await startTestPorta();
  database = await db();
});

afterAll(async () => {
  await porta.close();
});

async function demo() {
  return (await prisma()).application.findUniqueOrThrow({ where: { clientId: DEMO_CLIENT_ID } });
}

const registeredKeys = (jwks: unknown) => (jwks as { keys: JWK[] } | null)?.keys ?? [];
const playgroundKids = (jwks: unknown) => registeredKeys(jwks).map((k) => k.kid ?? "").filter((kid) => kid.startsWith(PLAYGROUND_KID_PREFIX));

/** Puts the demo application back as it was seeded before the rule: no key, no encryption. */
async function asSeededBefore(enabledAcrValues: string[]): Promise<void> {
  const p = await prisma();
  await p.playgroundKey.deleteMany({ where: { clientId: DEMO_CLIENT_ID } });
  await p.application.update({
    where: { clientId: DEMO_CLIENT_ID },
    data: { jwks: Prisma.DbNull, idTokenEncryptedResponseAlg: null, idTokenEncryptedResponseEnc: null, enabledAcrValues },
  });
  clearApplicationCache(); // as a fresh process starts
}

/** The playground's relying party on PUBLIC_URL (the demo application as it is now). */
async function playgroundRp(): Promise<PlaygroundClient> {
  const rp = await findPlaygroundClient();
  expect(rp).not.toBeNull();
  return rp!;
}

/** Runs a playground login through the relying party (as /playground/start and /callback do). */
async function playgroundLogin(acr: string, identity: string) {
  const { url, pending } = await beginLogin(await playgroundRp(), ZPlaygroundRequestSchema.parse({ acr_values: [acr], scopes: ["ssn"] }));
  const browser = new TestBrowser(porta.issuer);
  const id = expectEidStep(await browser.get(url));
  const done = await browser.post(`/login/${id}/authenticate`, { identity, decision: "approve" });
  expect(done.status, done.text.slice(0, 300)).toBe(303);
  expect(done.location?.startsWith(`${demoRedirectUri()}?`), done.location ?? "").toBe(true);
  return completeLogin(await playgroundRp(), new URL(done.location!).searchParams, pending);
}

describe("the seeded demo application", () => {
  it("takes its ID tokens encrypted: its public key registered, the private key sealed, FTN enabled", async () => {
    const app = await demo();
    expect(app.idTokenEncryptedResponseAlg).toBe("RSA-OAEP-256");
    expect(app.idTokenEncryptedResponseEnc).toBe("A256GCM");
    const stored = await (await prisma()).playgroundKey.findUniqueOrThrow({ where: { clientId: DEMO_CLIENT_ID } });
    expect(registeredKeys(app.jwks)).toEqual([{ kty: "RSA", n: expect.any(String), e: "AQAB", kid: stored.kid, use: "enc", alg: "RSA-OAEP-256" }]);
    expect(stored.privateKey).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/); // sealed, no JWK in the clear
    expect(app.enabledAcrValues).toEqual(expect.arrayContaining([MITID, FTN_BANK, FTN_MOBILE, FTN_ALL]));
  });

  it("logs the playground in with FTN: the ID token came encrypted, was opened, verified and shown", async () => {
    const result = await playgroundLogin(FTN_BANK, "ftn-2");
    expect(result.error, result.errorDescription).toBeUndefined();
    expect(result.ok).toBe(true);
    const { kid } = await (await prisma()).playgroundKey.findUniqueOrThrow({ where: { clientId: DEMO_CLIENT_ID } });
    expect(result.idTokenEncryption).toEqual({ alg: "RSA-OAEP-256", enc: "A256GCM", cty: "JWT", kid });
    expect(result.idTokenHeader).toMatchObject({ alg: "RS256", kid: expect.any(String) });
    expect(result.idTokenClaims).toMatchObject({ acr: FTN_BANK, aud: DEMO_CLIENT_ID, hetu: "270962-318X", name: "Aino Korhonen" });
    expect(result.userinfo?.sub).toBe(result.idTokenClaims?.sub);
  });
});

describe("a demo application seeded before FTN required encryption in test tenants", () => {
  it("gets the key at the next start, once when two starts race, with its administrator's eIDs kept", async () => {
    await asSeededBefore([MITID, FTN_BANK]);
    const p = await prisma();
    const audits = await p.auditEvent.count({ where: { action: "application.update", targetId: DEMO_CLIENT_ID } });
    const reports = await Promise.all([bootstrap(database), bootstrap(database)]);
    expect(reports.map((r) => r.demoEncryption).sort()).toEqual(["added", "present"]);
    const app = await demo();
    const stored = await p.playgroundKey.findUniqueOrThrow({ where: { clientId: DEMO_CLIENT_ID } });
    expect(playgroundKids(app.jwks)).toEqual([stored.kid]);
    expect(app.idTokenEncryptedResponseAlg).toBe("RSA-OAEP-256");
    expect(app.enabledAcrValues).toEqual([MITID, FTN_BANK]);
    expect(app.staticScopes).toBeNull(); // absent members stay SQL NULL through the update
    expect(await p.auditEvent.count({ where: { action: "application.update", targetId: DEMO_CLIENT_ID } })).toBe(audits + 1);

    expect((await bootstrap(database)).demoEncryption).toBe("present");
    expect(playgroundKids((await demo()).jwks)).toEqual([stored.kid]);
    const result = await playgroundLogin(FTN_BANK, "ftn-1");
    expect(result.idTokenClaims).toMatchObject({ acr: FTN_BANK, hetu: "120384-457K" });
  });

  it("a stored key that no longer opens (PORTA_SECRET changed) is replaced, and the old one leaves the jwks", async () => {
    const p = await prisma();
    const old = await p.playgroundKey.findUniqueOrThrow({ where: { clientId: DEMO_CLIENT_ID } });
    await p.playgroundKey.update({ where: { clientId: DEMO_CLIENT_ID }, data: { privateKey: encryptAtRest("{}", `playground-key:${DEMO_CLIENT_ID}`, "another-secret-".repeat(3)) } });
    clearApplicationCache();
    expect((await bootstrap(database)).demoEncryption).toBe("added");
    const fresh = await p.playgroundKey.findUniqueOrThrow({ where: { clientId: DEMO_CLIENT_ID } });
    expect(fresh.kid).not.toBe(old.kid);
    expect(playgroundKids((await demo()).jwks)).toEqual([fresh.kid]);
    expect((await playgroundLogin(MITID, "mitid-1")).idTokenEncryption).toMatchObject({ kid: fresh.kid });
  });

  it("an application updated before the fix held {\"set\": null} for absent JSON members; the migration clears it", async () => {
    const p = await prisma();
    const legacy = { set: null } as unknown as Prisma.InputJsonValue;
    await p.application.update({ where: { clientId: DEMO_CLIENT_ID }, data: { staticScopes: legacy } });
    const [migration] = (await readMigrations()).filter((m) => m.name.endsWith("_clear_json_set_null"));
    await database.execScript(migration!.sql);
    expect((await demo()).staticScopes).toBeNull();
    expect(playgroundKids((await demo()).jwks)).toHaveLength(1); // a real jwks stays
  });

  it("an unencrypted demo application whose key cannot be registered (a jwks_uri) keeps starting; FTN is then refused to it", async () => {
    await asSeededBefore([MITID, FTN_BANK]);
    await (await prisma()).application.update({ where: { clientId: DEMO_CLIENT_ID }, data: { jwksUri: "https://rp.example/jwks" } });
    clearApplicationCache();
    expect((await bootstrap(database)).demoEncryption).toBe("refused");
    const app = await demo();
    expect(app.idTokenEncryptedResponseAlg).toBeNull();
    const mitid = await playgroundLogin(MITID, "mitid-1");
    expect(mitid.ok).toBe(true);
    expect(mitid.idTokenEncryption).toBeUndefined();
    const { url } = await beginLogin(await playgroundRp(), ZPlaygroundRequestSchema.parse({ acr_values: [FTN_BANK] }));
    const refused = await new TestBrowser(porta.issuer).get(url);
    expect(refused.status).toBe(303);
    expect(new URL(refused.location!).searchParams.get("error")).toBe("invalid_request");
    // Back as it should be, for the files' other tests.
    await (await prisma()).application.update({ where: { clientId: DEMO_CLIENT_ID }, data: { jwksUri: null } });
    clearApplicationCache();
    expect((await bootstrap(database)).demoEncryption).toBe("added");
  });
});

describe("the demo application's URIs follow PUBLIC_URL", () => {
  const audits = async () => (await prisma()).auditEvent.count({ where: { action: "application.update", targetId: DEMO_CLIENT_ID } });
  const setUris = async (redirectUris: string[], postLogoutRedirectUris: string[]) => {
    await (await prisma()).application.update({ where: { clientId: DEMO_CLIENT_ID }, data: { redirectUris, postLogoutRedirectUris } });
    clearApplicationCache(); // as a fresh process starts
  };

  it("a database seeded under an earlier PUBLIC_URL: the next start registers the current URIs in place of the earlier ones, audited, once", async () => {
    await setUris(["http://old.example/playground/callback"], ["http://old.example/playground"]);
    const before = await audits();
    expect((await bootstrap(database)).demoUrisUpdated).toBe(true);
    const app = await demo();
    expect(app.redirectUris).toEqual([demoRedirectUri()]);
    expect(app.postLogoutRedirectUris).toEqual([`${porta.issuer}/playground`]);
    expect(await audits()).toBe(before + 1);

    expect((await bootstrap(database)).demoUrisUpdated).toBe(false);
    expect(await audits()).toBe(before + 1);
    expect((await playgroundLogin(MITID, "mitid-1")).ok).toBe(true);
  });

  it("URIs an administrator added stay while the current ones are registered", async () => {
    const added = "http://127.0.0.1:9/my-app/callback";
    await setUris([demoRedirectUri(), added], [`${porta.issuer}/playground`]);
    expect((await bootstrap(database)).demoUrisUpdated).toBe(false);
    expect((await demo()).redirectUris).toEqual([demoRedirectUri(), added]);
    await setUris([demoRedirectUri()], [`${porta.issuer}/playground`]);
  });

  it("an application the checks refuse as it stands (a jwks beside a jwks_uri) keeps starting, unchanged", async () => {
    await setUris(["http://old.example/playground/callback"], ["http://old.example/playground"]);
    await (await prisma()).application.update({ where: { clientId: DEMO_CLIENT_ID }, data: { jwksUri: "https://rp.example/jwks" } });
    clearApplicationCache();
    const before = await audits();
    expect((await bootstrap(database)).demoUrisUpdated).toBe(false);
    expect((await demo()).redirectUris).toEqual(["http://old.example/playground/callback"]);
    expect(await audits()).toBe(before);
    await (await prisma()).application.update({ where: { clientId: DEMO_CLIENT_ID }, data: { jwksUri: null } });
    clearApplicationCache();
    expect((await bootstrap(database)).demoUrisUpdated).toBe(true);
  });
});
