/**
 * Keyed subjects: `sub` is an HMAC under the tenant's own secret, so the same
 * person gets unrelated subs in two tenants, the unkeyed hash Porta used before no longer
 * matches, and a sub stays the same when the process forgets its caches (a restart). A tenant
 * made without a secret gets exactly one, however many requests race for it.
 */
import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { db, prisma } from "../../lib/db/client";
import { findEidMethod } from "../../lib/eid/catalogue";
import { ensureKeys } from "../../lib/keys/key-store";
import { resetProcessState } from "../../lib/process/state";
import { createTenant } from "../../lib/tenants/create-tenant";
import { ensureSubjectSecret } from "../../lib/tenants/subject-secret";
import { registerClient, type RegisteredClient } from "../support/clients";
import { TestBrowser } from "../support/browser";
import { authorizePath, expectCode, login, redeemOk, SE_BANKID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

const ERIK = "197808094515"; // se-bankid-2: his person key is his personnummer

let porta: TestPorta;
let demoRp: RegisteredClient;
let otherRp: RegisteredClient;
let otherTenantId: string;

beforeAll(async () => {
  porta = await startTestPorta();
  demoRp = await registerClient(porta);
  const owner = await (await prisma()).adminUser.findFirstOrThrow();
  const tenant = await createTenant({ name: "Second Tenant", environment: "test" }, owner.id, SYSTEM_ACTOR);
  otherTenantId = tenant.id;
  otherRp = await registerClient(porta, { tenant_id: tenant.id });
});

afterAll(async () => {
  await porta.close();
});

async function subOf(rp: RegisteredClient, identity = "se-bankid-2"): Promise<string> {
  const params = expectCode(await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: SE_BANKID }), identity), porta);
  return decodeJwt((await redeemOk(porta, rp, params.code)).id_token).sub!;
}

/** The derivation before keyed subjects: SHA-256 over tenant, scheme and person key. */
function unkeyedSub(tenantId: string, scheme: string, personKey: string): string {
  const bytes = createHash("sha256").update(`porta-sub\n${tenantId}\n${scheme}\n${personKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe("keyed subjects", () => {
  it("every tenant has its own sealed secret; a new tenant gets one as it is created", async () => {
    const tenants = await (await prisma()).tenant.findMany({ select: { id: true, subjectSecret: true } });
    expect(tenants.length).toBeGreaterThanOrEqual(2);
    for (const t of tenants) expect(t.subjectSecret).toMatch(/^v1\./);
    expect(new Set(tenants.map((t) => t.subjectSecret)).size).toBe(tenants.length);
  });

  it("the same person in two tenants → unrelated subs; the same person twice in one tenant → the same sub", async () => {
    const a1 = await subOf(demoRp);
    const a2 = await subOf(demoRp);
    const b = await subOf(otherRp);
    expect(a2).toBe(a1);
    expect(b).not.toBe(a1);
    expect(a1).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await subOf(demoRp, "se-bankid-1")).not.toBe(a1);
  });

  it("the old unkeyed derivation no longer matches: knowing the personnummer does not give the sub", async () => {
    const scheme = findEidMethod(SE_BANKID)!.identityScheme;
    const app = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: demoRp.client_id } });
    const sub = await subOf(demoRp);
    expect(sub).not.toBe(unkeyedSub(app.tenantId, scheme, ERIK));
    expect(await subOf(otherRp)).not.toBe(unkeyedSub(otherTenantId, scheme, ERIK));
  });

  it("is stable when the process forgets its caches (as after a restart)", async () => {
    const before = await subOf(otherRp);
    resetProcessState();
    expect(await subOf(otherRp)).toBe(before);
  });

  it("a tenant without a secret gets one on first use, once, however many requests race", async () => {
    const p = await prisma();
    const bare = await p.tenant.create({ data: { name: "Made Before Secrets", environment: "test" } });
    expect(bare.subjectSecret).toBeNull();
    const sealed = await Promise.all(Array.from({ length: 8 }, () => ensureSubjectSecret(bare.id)));
    expect(new Set(sealed).size).toBe(1);
    expect((await p.tenant.findUniqueOrThrow({ where: { id: bare.id } })).subjectSecret).toBe(sealed[0]);

    const lazy = await p.tenant.create({ data: { name: "Lazy Tenant", environment: "test" } });
    await ensureKeys(await db(), { purpose: "oidc", tenantId: lazy.id });
    const rp = await registerClient(porta, { tenant_id: lazy.id });
    const first = await subOf(rp);
    expect((await p.tenant.findUniqueOrThrow({ where: { id: lazy.id } })).subjectSecret).toMatch(/^v1\./);
    expect(await subOf(rp)).toBe(first);
  });
});
