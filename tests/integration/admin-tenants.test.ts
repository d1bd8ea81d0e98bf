/**
 * The admin API's tenant resource (README, "Admin API") with domains (README, "Tenant domains"): POST /api/v1/tenants and
 * PATCH /api/v1/tenants/{tenant_id}, platform token only, field errors, audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../../lib/admin/admin-tokens";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { prisma } from "../../lib/db/client";
import { listTenantDomainHosts } from "../../lib/tenants/tenant-domains";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;

beforeAll(async () => {
  porta = await startTestPorta();
});

afterAll(async () => {
  await porta.close();
});

interface TenantBody {
  id: string;
  name: string;
  environment: string;
  domains: string[];
}

interface ErrorBody {
  error: string;
  error_description: string;
  field?: string;
}

function send(method: string, path: string, body: unknown, token: string | null = porta.adminToken): Promise<Response> {
  return fetch(`${porta.issuer}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function created(body: unknown): Promise<TenantBody> {
  const response = await send("POST", "/api/v1/tenants", body);
  expect(response.status).toBe(201);
  return (await response.json()) as TenantBody;
}

async function fieldError(response: Response, field: string, description: RegExp): Promise<void> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as ErrorBody;
  expect(body).toMatchObject({ error: "invalid_request", field });
  expect(body.error_description).toMatch(description);
}

describe("POST /api/v1/tenants", () => {
  it("creates a tenant with its domains, normalised, and audits it", async () => {
    const tenant = await created({ name: "Acme Bank", environment: "production", domains: ["Login.Acme.example", "acme.localhost:3000"] });
    expect(tenant).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "Acme Bank", environment: "production", domains: ["acme.localhost:3000", "login.acme.example"] });
    expect(await listTenantDomainHosts()).toEqual(expect.arrayContaining([{ host: "login.acme.example", tenantId: tenant.id }, { host: "acme.localhost:3000", tenantId: tenant.id }]));
    const audit = await (await prisma()).auditEvent.findFirstOrThrow({ where: { tenantId: tenant.id, action: "tenant.create" } });
    expect(audit).toMatchObject({ actorType: "bootstrap_token", targetType: "tenant", targetId: tenant.id });
    expect(audit.after).toMatchObject({ name: "Acme Bank", domains: ["login.acme.example", "acme.localhost:3000"] });
    // Its signing keys are made with it.
    expect(await (await prisma()).signingKey.count({ where: { tenantId: tenant.id } })).toBeGreaterThan(0);
  });

  it("lists the new tenant's keys in the JWKS at once, though the key set was read a moment before", async () => {
    const jwks = async () => ((await (await fetch(`${porta.issuer}/.well-known/jwks`)).json()) as { keys: { kid: string; alg: string }[] }).keys;
    const before = await jwks(); // read and cached by this instance
    const tenant = await created({ name: "Fresh Keys", environment: "test" });
    const keys = await (await prisma()).signingKey.findMany({ where: { tenantId: tenant.id, purpose: "oidc" }, select: { kid: true, alg: true } });
    expect(keys.map((k) => k.alg).sort()).toEqual(["ES256", "ES256", "PS256", "PS256", "RS256", "RS256"]);
    const after = await jwks();
    expect(after.map((k) => k.kid)).toEqual(expect.arrayContaining(keys.map((k) => k.kid)));
    expect(after).toHaveLength(before.length + keys.length);
  });

  it("creates a tenant without domains", async () => {
    expect(await created({ name: "Plain Pension", environment: "test" })).toMatchObject({ name: "Plain Pension", environment: "test", domains: [] });
  });

  it("refuses a domain another tenant holds, naming domains, and creates nothing", async () => {
    await created({ name: "Holder One", environment: "production", domains: ["taken.example.com"] });
    await fieldError(await send("POST", "/api/v1/tenants", { name: "Holder Two", environment: "test", domains: ["TAKEN.example.com"] }), "domains", /"taken\.example\.com": this domain is already used by another tenant/);
    expect(await (await prisma()).tenant.count({ where: { name: "Holder Two" } })).toBe(0);
  });

  it.each([
    [["login.example.com/path"], /no path/],
    [["https://login.example.com"], /without a scheme/],
    [["*.example.com"], /Wildcard/],
    [["login.example.com:8443"], /port is allowed only on \*\.localhost/],
    [["127.0.0.1"], /IP addresses/],
    [["localhost"], /localhost itself/],
    ["login.example.com", /list of host names/],
  ])("refuses domains %j with a field error", async (domains, description) => {
    await fieldError(await send("POST", "/api/v1/tenants", { name: "Bad Domains", environment: "test", domains }), "domains", description);
  });

  it("refuses PUBLIC_URL's own host", async () => {
    const host = new URL(porta.issuer).hostname;
    // 127.0.0.1 in the tests: an IP literal is refused before the PUBLIC_URL rule is reached.
    await fieldError(await send("POST", "/api/v1/tenants", { name: "Bad Domains", environment: "test", domains: [host] }), "domains", /IP addresses|PUBLIC_URL/);
  });

  it("refuses a bad name, environment or member with its field", async () => {
    await fieldError(await send("POST", "/api/v1/tenants", { name: "A", environment: "test" }), "name", /at least 2 characters/);
    await fieldError(await send("POST", "/api/v1/tenants", { name: "Acme Bank", environment: "test" }), "name", /already exists/);
    await fieldError(await send("POST", "/api/v1/tenants", { name: "Staging", environment: "staging" }), "environment", /"test" or "production"/);
    await fieldError(await send("POST", "/api/v1/tenants", { name: "Staging", environment: "test", owner: "x" }), "owner", /Unknown or read-only member owner/);
  });

  it("answers 401 without a token or with a wrong one, 403 for a tenant's own admin token", async () => {
    const missing = await send("POST", "/api/v1/tenants", { name: "No Token", environment: "test" }, null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="porta"');
    const wrong = await send("POST", "/api/v1/tenants", { name: "No Token", environment: "test" }, "not-the-platform-token");
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorBody).error).toBe("invalid_token");
    const tenant = await created({ name: "Scoped Owner", environment: "test" });
    const scoped = await createAdminToken(tenant.id, "ci", SYSTEM_ACTOR);
    const refused = await send("POST", "/api/v1/tenants", { name: "By Tenant Token", environment: "test" }, scoped.token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error).toBe("insufficient_scope");
    expect(await (await prisma()).tenant.count({ where: { name: { in: ["No Token", "By Tenant Token"] } } })).toBe(0);
  });
});

describe("PATCH /api/v1/tenants/{tenant_id}", () => {
  it("replaces the domains and renames, audited with before and after", async () => {
    const tenant = await created({ name: "Patch Me", environment: "production", domains: ["old.patch.example", "kept.patch.example"] });
    const response = await send("PATCH", `/api/v1/tenants/${tenant.id}`, { name: "Patched", domains: ["kept.patch.example", "New.Patch.example"] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: tenant.id, name: "Patched", environment: "production", domains: ["kept.patch.example", "new.patch.example"] });
    const hosts = (await listTenantDomainHosts()).filter((pair) => pair.tenantId === tenant.id).map((pair) => pair.host);
    expect(hosts).toEqual(["kept.patch.example", "new.patch.example"]);
    const audit = await (await prisma()).auditEvent.findFirstOrThrow({ where: { tenantId: tenant.id, action: "tenant.update" } });
    expect(audit.actorType).toBe("bootstrap_token");
    expect(audit.before).toEqual({ name: "Patch Me", domains: ["kept.patch.example", "old.patch.example"] });
    expect(audit.after).toEqual({ name: "Patched", domains: ["kept.patch.example", "new.patch.example"] });
  });

  it("frees a domain that another tenant can then take; refuses one still held", async () => {
    const first = await created({ name: "First Holder", environment: "production", domains: ["moving.example.com"] });
    const second = await created({ name: "Second Holder", environment: "test" });
    await fieldError(await send("PATCH", `/api/v1/tenants/${second.id}`, { domains: ["moving.example.com"] }), "domains", /already used by another tenant/);
    expect(await (await prisma()).auditEvent.count({ where: { tenantId: second.id, action: "tenant.update" } })).toBe(0);
    expect((await send("PATCH", `/api/v1/tenants/${first.id}`, { domains: [] })).status).toBe(200);
    const moved = await send("PATCH", `/api/v1/tenants/${second.id}`, { domains: ["moving.example.com"] });
    expect(((await moved.json()) as TenantBody).domains).toEqual(["moving.example.com"]);
  });

  it("gives a domain claimed by two tenants at once to exactly one of them", async () => {
    const [a, b] = [await created({ name: "Racer A", environment: "test" }), await created({ name: "Racer B", environment: "test" })];
    const answers = await Promise.all([a, b].map((t) => send("PATCH", `/api/v1/tenants/${t.id}`, { domains: ["race.example.com"] })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = answers.find((r) => r.status === 400)!;
    expect(await loser.json()).toMatchObject({ error: "invalid_request", field: "domains", error_description: '"race.example.com": this domain is already used by another tenant' });
    expect((await listTenantDomainHosts()).filter((pair) => pair.host === "race.example.com")).toHaveLength(1);
  });

  it("keeps the domains when only the name changes", async () => {
    const tenant = await created({ name: "Name Only", environment: "test", domains: ["name-only.example.com"] });
    const response = await send("PATCH", `/api/v1/tenants/${tenant.id}`, { name: "Name Only Renamed" });
    expect(await response.json()).toMatchObject({ name: "Name Only Renamed", domains: ["name-only.example.com"] });
  });

  it("refuses the environment, bad domains and a duplicate value with field errors", async () => {
    const tenant = await created({ name: "Strict Tenant", environment: "test" });
    await fieldError(await send("PATCH", `/api/v1/tenants/${tenant.id}`, { environment: "production" }), "environment", /environment cannot be changed/);
    await fieldError(await send("PATCH", `/api/v1/tenants/${tenant.id}`, { domains: ["a.example.com", "a.example.com"] }), "domains", /listed twice/);
    await fieldError(await send("PATCH", `/api/v1/tenants/${tenant.id}`, { domains: ["[::1]"] }), "domains", /IP addresses/);
  });

  it("answers 404 for an unknown tenant, 401 without the token", async () => {
    const unknown = await send("PATCH", "/api/v1/tenants/00000000-0000-4000-8000-000000000000", { name: "Nobody" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error).toBe("not_found");
    expect((await send("PATCH", "/api/v1/tenants/not-a-tenant-id", { name: "Nobody" })).status).toBe(404);
    const tenant = await created({ name: "Guarded", environment: "test" });
    expect((await send("PATCH", `/api/v1/tenants/${tenant.id}`, { name: "Hijacked" }, null)).status).toBe(401);
    expect((await send("PATCH", `/api/v1/tenants/${tenant.id}`, { name: "Hijacked" }, "wrong-token")).status).toBe(401);
    expect((await (await prisma()).tenant.findUniqueOrThrow({ where: { id: tenant.id } })).name).toBe("Guarded");
  });
});
