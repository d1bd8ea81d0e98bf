/**
 * The admin API (README, "Admin API") end to end, through a client that checks every request and answer
 * against the served OpenAPI document (tests/support/admin-api-client.ts): every documented
 * operation is called at least once, so the API and its document cannot drift apart. Negative
 * cases: malformed JSON, field errors naming the field, missing or wrong tokens, another tenant's
 * resources (404, never their data), tampered cursors, oversized bodies, a tenant with applications.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db/client";
import { AdminApiClient, type OpenApiDocumentJson } from "../support/admin-api-client";
import { RP_CALLBACK } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

type Json = Record<string, unknown>;
interface Page<T = Json> {
  items: T[];
  next_cursor: string | null;
}
interface Tenant {
  id: string;
  name: string;
  environment: string;
  domains: string[];
}

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

let porta: TestPorta;
let api: AdminApiClient;
/** A test tenant with an application, its own token; and a production tenant with its token. */
let alpha: Tenant;
let beta: Tenant;
let alphaToken: string;
let betaToken: string;
let alphaClient: Json;

async function createTenant(name: string, environment: "test" | "production", domains?: string[]): Promise<Tenant> {
  const answer = await api.send<Tenant>("POST", "/api/v1/tenants", { json: { name, environment, ...(domains ? { domains } : {}) } });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function createToken(tenantId: string, name: string): Promise<string> {
  const answer = await api.send<{ token: string }>("POST", `/api/v1/tenants/${tenantId}/tokens`, { json: { name } });
  expect(answer.status).toBe(201);
  return answer.body.token;
}

async function expectError(answer: { status: number; body: unknown }, status: number, error: string, field?: string): Promise<void> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ error, ...(field ? { field } : {}) });
}

async function auditActions(tenantId: string): Promise<string[]> {
  return (await (await prisma()).auditEvent.findMany({ where: { tenantId }, select: { action: true } })).map((e) => e.action);
}

beforeAll(async () => {
  porta = await startTestPorta();
  const document = (await (await fetch(`${porta.issuer}/api/v1/openapi.json`)).json()) as OpenApiDocumentJson;
  api = new AdminApiClient(porta.issuer, document, porta.adminToken);
  alpha = await createTenant("Alpha Bank", "test");
  beta = await createTenant("Beta Pension", "production", ["login.beta.example"]);
  alphaToken = await createToken(alpha.id, "alpha ci");
  betaToken = await createToken(beta.id, "beta ci");
  const created = await api.send("POST", `/api/v1/tenants/${alpha.id}/applications`, { token: alphaToken, json: { client_name: "Alpha RP", redirect_uris: [RP_CALLBACK] } });
  expect(created.status).toBe(201);
  alphaClient = created.body;
});

afterAll(async () => {
  await porta.close();
});

describe("tenants", () => {
  it("the platform token lists every tenant, a tenant token only its own", async () => {
    const all = await api.send<Page<Tenant>>("GET", "/api/v1/tenants?limit=100");
    expect(all.status).toBe(200);
    expect(all.body.items.map((t) => t.id)).toEqual(expect.arrayContaining([alpha.id, beta.id]));
    const own = await api.send<Page<Tenant>>("GET", "/api/v1/tenants", { token: betaToken });
    expect(own.body).toEqual({ items: [{ ...beta }], next_cursor: null });
  });

  it("reads one tenant; another tenant's is 404 for a tenant token", async () => {
    expect((await api.send("GET", `/api/v1/tenants/${beta.id}`)).body).toEqual(beta);
    expect((await api.send("GET", `/api/v1/tenants/${beta.id}`, { token: betaToken })).body).toEqual(beta);
    await expectError(await api.send("GET", `/api/v1/tenants/${beta.id}`, { token: alphaToken }), 404, "not_found");
    await expectError(await api.send("GET", "/api/v1/tenants/not-a-uuid"), 404, "not_found");
  });

  it("pages newest first with a cursor, and refuses a tampered one", async () => {
    for (const n of [1, 2, 3]) await createTenant(`Paged ${n}`, "test");
    const first = await api.send<Page<Tenant>>("GET", "/api/v1/tenants?limit=2");
    expect(first.body.items.map((t) => t.name)).toEqual(["Paged 3", "Paged 2"]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api.send<Page<Tenant>>("GET", `/api/v1/tenants?limit=2&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
    expect(second.body.items.map((t) => t.name)).toEqual(["Paged 1", expect.any(String)]);
    const cursor = first.body.next_cursor!;
    const [payload, tag] = cursor.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ t: new Date().toISOString(), i: UNKNOWN })).toString("base64url");
    // Another first character changes the tag's first byte whatever the tag is.
    const otherTag = `${tag.startsWith("A") ? "B" : "A"}${tag.slice(1)}`;
    for (const tampered of [`${forged}.${tag}`, `${payload}.${otherTag}`, payload, "not-a-cursor", `${payload}.${tag}.x`]) {
      await expectError(await api.send("GET", `/api/v1/tenants?cursor=${encodeURIComponent(tampered)}`), 400, "invalid_request", "cursor");
    }
    // A cursor of one list is refused by another.
    await expectError(await api.send("GET", `/api/v1/tenants/${alpha.id}/audit?cursor=${encodeURIComponent(cursor)}`), 400, "invalid_request", "cursor");
    await expectError(await api.send("GET", "/api/v1/tenants?limit=0"), 400, "invalid_request", "limit");
    await expectError(await api.send("GET", "/api/v1/tenants?limit=101"), 400, "invalid_request", "limit");
  });

  it("PATCH renames (platform token); a tenant token gets 403 insufficient_scope", async () => {
    const renamed = await api.send<Tenant>("PATCH", `/api/v1/tenants/${beta.id}`, { json: { name: "Beta Pension Fund" } });
    expect(renamed.body).toEqual({ ...beta, name: "Beta Pension Fund" });
    beta = renamed.body;
    await expectError(await api.send("PATCH", `/api/v1/tenants/${beta.id}`, { token: betaToken, json: { name: "Mine" } }), 403, "insufficient_scope");
    await expectError(await api.send("PATCH", `/api/v1/tenants/${beta.id}`, { json: { environment: "test" }, unchecked: true }), 400, "invalid_request", "environment");
  });

  it("DELETE refuses a tenant with applications (409) and deletes an empty one, audited", async () => {
    const refused = await api.send("DELETE", `/api/v1/tenants/${alpha.id}`);
    await expectError(refused, 409, "invalid_request");
    expect((refused.body as Json).error_description).toMatch(/still has applications/);
    const empty = await createTenant("Short Lived", "test", ["short.example.com"]);
    await expectError(await api.send("DELETE", `/api/v1/tenants/${empty.id}`, { token: alphaToken }), 403, "insufficient_scope");
    expect((await api.send("DELETE", `/api/v1/tenants/${empty.id}`)).status).toBe(204);
    await expectError(await api.send("GET", `/api/v1/tenants/${empty.id}`), 404, "not_found");
    await expectError(await api.send("DELETE", `/api/v1/tenants/${empty.id}`), 404, "not_found");
    expect(await auditActions(empty.id)).toContain("tenant.delete");
    // Its domain is free again.
    expect((await createTenant("Domain Heir", "test", ["short.example.com"])).domains).toEqual(["short.example.com"]);
  });
});

describe("applications", () => {
  it("creates with RFC 7591 metadata, answered as registration's, audited", async () => {
    expect(alphaClient).toMatchObject({ client_name: "Alpha RP", tenant_id: alpha.id, redirect_uris: [RP_CALLBACK], client_secret: expect.any(String), registration_access_token: expect.any(String) });
    const audit = await (await prisma()).auditEvent.findFirstOrThrow({ where: { tenantId: alpha.id, action: "application.create", targetId: alphaClient.client_id as string } });
    expect(audit.actorType).toBe("admin_token");
  });

  it("lists a tenant's applications and reads one (never the secret)", async () => {
    const list = await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/applications`, { token: alphaToken });
    expect(list.body.items.map((a) => a.client_id)).toEqual([alphaClient.client_id]);
    const one = await api.send("GET", `/api/v1/applications/${alphaClient.client_id as string}`);
    expect(one.body).toMatchObject({ client_id: alphaClient.client_id, client_name: "Alpha RP" });
    expect(one.body).not.toHaveProperty("client_secret");
    expect(one.body).not.toHaveProperty("registration_access_token");
  });

  it("PATCH changes only the members sent; null removes one", async () => {
    const patched = await api.send("PATCH", `/api/v1/applications/${alphaClient.client_id as string}`, { json: { client_name: "Alpha RP 2", post_logout_redirect_uris: ["https://rp.example/bye"] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ client_name: "Alpha RP 2", redirect_uris: [RP_CALLBACK], post_logout_redirect_uris: ["https://rp.example/bye"] });
    const cleared = await api.send("PATCH", `/api/v1/applications/${alphaClient.client_id as string}`, { token: alphaToken, json: { post_logout_redirect_uris: null } });
    expect(cleared.body).toMatchObject({ client_name: "Alpha RP 2", post_logout_redirect_uris: [] });
  });

  it("refuses bad metadata with a field error naming the member", async () => {
    const created = await api.send("POST", `/api/v1/tenants/${alpha.id}/applications`, { json: { redirect_uris: ["http://rp.example/cb"] } });
    await expectError(created, 400, "invalid_request", "redirect_uris");
    const patched = await api.send("PATCH", `/api/v1/applications/${alphaClient.client_id as string}`, { json: { token_endpoint_auth_method: "magic" }, unchecked: true });
    await expectError(patched, 400, "invalid_request", "token_endpoint_auth_method");
    await expectError(await api.send("POST", `/api/v1/tenants/${alpha.id}/applications`, { json: { redirect_uris: [RP_CALLBACK], tenant_id: beta.id } }), 400, "invalid_request", "tenant_id");
  });

  it("rotates the client secret, shown once; the old one stops working", async () => {
    const rotated = await api.send<{ client_secret: string }>("POST", `/api/v1/applications/${alphaClient.client_id as string}/secret`, { token: alphaToken });
    expect(rotated.status).toBe(200);
    expect(rotated.body.client_secret).not.toBe(alphaClient.client_secret);
    const basic = (secret: string) => `Basic ${Buffer.from(`${alphaClient.client_id as string}:${secret}`).toString("base64")}`;
    const token = (secret: string) => fetch(`${porta.issuer}/oauth2/token`, { method: "POST", headers: { Authorization: basic(secret), "Content-Type": "application/x-www-form-urlencoded" }, body: "grant_type=authorization_code&code=x&redirect_uri=" + encodeURIComponent(RP_CALLBACK) });
    expect(((await (await token(alphaClient.client_secret as string)).json()) as Json).error).toBe("invalid_client");
    expect(((await (await token(rotated.body.client_secret)).json()) as Json).error).toBe("invalid_grant");
    expect(await auditActions(alpha.id)).toContain("application.rotate_secret");
  });

  it("lists webhook deliveries newest first, a page at a time", async () => {
    const application = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: alphaClient.client_id as string } });
    const base = Date.now() - 60_000;
    for (const n of [0, 1, 2]) {
      await (await prisma()).webhookDelivery.create({
        data: { applicationId: application.id, extensionId: UNKNOWN, event: `post_auth_${n}`, attempt: 1, status: 200, latencyMs: 10 + n, outcome: "continue", createdAt: new Date(base + n * 1000) },
      });
    }
    const path = `/api/v1/applications/${alphaClient.client_id as string}/webhook-deliveries`;
    const first = await api.send<Page>("GET", `${path}?limit=2`);
    expect(first.body.items.map((d) => d.event)).toEqual(["post_auth_2", "post_auth_1"]);
    const rest = await api.send<Page>("GET", `${path}?limit=2&cursor=${encodeURIComponent(first.body.next_cursor!)}`, { token: alphaToken });
    expect(rest.body).toMatchObject({ items: [{ event: "post_auth_0", latency_ms: 10, status: 200 }], next_cursor: null });
  });

  it("DELETE removes an application, audited", async () => {
    const doomed = await api.send("POST", `/api/v1/tenants/${beta.id}/applications`, { token: betaToken, json: { redirect_uris: [RP_CALLBACK], token_endpoint_auth_method: "private_key_jwt", jwks_uri: "https://rp.example/jwks" } });
    expect(doomed.status).toBe(201);
    expect(doomed.body).not.toHaveProperty("client_secret");
    // No secret to rotate for private_key_jwt: a field error.
    await expectError(await api.send("POST", `/api/v1/applications/${doomed.body.client_id as string}/secret`), 400, "invalid_request", "token_endpoint_auth_method");
    expect((await api.send("DELETE", `/api/v1/applications/${doomed.body.client_id as string}`, { token: betaToken })).status).toBe(204);
    await expectError(await api.send("GET", `/api/v1/applications/${doomed.body.client_id as string}`), 404, "not_found");
    expect(await auditActions(beta.id)).toContain("application.delete");
  });
});

describe("eID connections", () => {
  let connection: Json;
  const settings = { issuer: "https://127.0.0.1:9/idp", clientId: "porta", clientAuth: "client_secret_basic", scopes: "openid" };

  it("creates one per family in a production tenant; secrets are never returned", async () => {
    const created = await api.send("POST", `/api/v1/tenants/${beta.id}/eid-connections`, { token: betaToken, json: { family: "dk-mitid", kind: "oidc", settings, secrets: { clientSecret: "upstream-secret-value" } } });
    expect(created.status).toBe(201);
    connection = created.body;
    expect(connection).toMatchObject({ family: "dk-mitid", kind: "oidc", enabled: true, secrets_set: ["clientSecret"], last_check: null });
    expect(JSON.stringify(connection)).not.toContain("upstream-secret-value");
    const again = await api.send("POST", `/api/v1/tenants/${beta.id}/eid-connections`, { json: { family: "dk-mitid", kind: "oidc", settings, secrets: { clientSecret: "x" } } });
    await expectError(again, 409, "invalid_request", "family");
    expect(await auditActions(beta.id)).toContain("eid_connection.create");
  });

  it("names the member at fault: a setting, a secret, the family", async () => {
    const post = (json: Json) => api.send("POST", `/api/v1/tenants/${beta.id}/eid-connections`, { json, unchecked: true });
    await expectError(await post({ family: "se-bankid", kind: "oidc", settings: { ...settings, issuer: "not a url" }, secrets: { clientSecret: "s" } }), 400, "invalid_request", "settings");
    await expectError(await post({ family: "se-bankid", kind: "oidc", settings }), 400, "invalid_request", "secrets");
    await expectError(await post({ family: "xx-nothing", kind: "oidc", settings }), 400, "invalid_request", "family");
    await expectError(await post({ family: "se-bankid", kind: "oidc", settings, extra: 1 }), 400, "invalid_request", "extra");
  });

  it("lists, reads, changes (settings merge, secrets kept) and tests a connection", async () => {
    const list = await api.send<Page>("GET", `/api/v1/tenants/${beta.id}/eid-connections`);
    expect(list.body.items.map((c) => c.id)).toEqual([connection.id]);
    const path = `/api/v1/tenants/${beta.id}/eid-connections/${connection.id as string}`;
    expect((await api.send("GET", path, { token: betaToken })).body).toEqual(connection);
    const patched = await api.send("PATCH", path, { json: { settings: { scopes: "openid profile" }, enabled: false } });
    expect(patched.body).toMatchObject({ enabled: false, secrets_set: ["clientSecret"], settings: { issuer: settings.issuer, scopes: "openid profile" } });
    await expectError(await api.send("PATCH", path, { json: { family: "se-bankid" }, unchecked: true }), 400, "invalid_request", "family");
    const tested = await api.send<{ ok: boolean; note: string }>("POST", `${path}/test`, { token: betaToken });
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(false);
    expect((await api.send("GET", path)).body).toMatchObject({ last_check: { ok: false } });
  });

  it("DELETE removes it, audited", async () => {
    const path = `/api/v1/tenants/${beta.id}/eid-connections/${connection.id as string}`;
    expect((await api.send("DELETE", path, { token: betaToken })).status).toBe(204);
    await expectError(await api.send("GET", path), 404, "not_found");
    expect(await auditActions(beta.id)).toContain("eid_connection.delete");
  });
});

describe("keys, audit, tokens", () => {
  it("lists the public keys with their state and rotates them, audited", async () => {
    const before = await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/keys`, { token: alphaToken });
    const current = before.body.items.filter((k) => k.state === "current");
    expect(current.length).toBeGreaterThan(0);
    for (const key of before.body.items) expect(key.public_jwk).not.toHaveProperty("d");
    const rotated = await api.send<{ current: string[] }>("POST", `/api/v1/tenants/${alpha.id}/keys/rotate`, { token: alphaToken });
    expect(rotated.status).toBe(200);
    const after = await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/keys`);
    expect(after.body.items.filter((k) => k.state === "current").map((k) => k.kid).sort()).toEqual([...rotated.body.current].sort());
    expect(after.body.items.filter((k) => current.some((c) => c.kid === k.kid)).map((k) => k.state)).toEqual(current.map(() => "retired"));
    expect(await auditActions(alpha.id)).toContain("keys.rotate.oidc");
  });

  it("lists audit entries newest first, filtered by action prefix", async () => {
    const all = await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/audit?limit=100`, { token: alphaToken });
    const times = all.body.items.map((e) => e.created_at as string);
    expect([...times].sort().reverse()).toEqual(times);
    const apps = await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/audit?action=application.`);
    expect(apps.body.items.length).toBeGreaterThan(0);
    expect(apps.body.items.every((e) => (e.action as string).startsWith("application."))).toBe(true);
  });

  it("creates a tenant token (shown once), lists tokens without values, revokes one", async () => {
    const created = await api.send<{ id: string; token: string }>("POST", `/api/v1/tenants/${alpha.id}/tokens`, { token: alphaToken, json: { name: "short lived" } });
    expect(created.status).toBe(201);
    expect((await api.send("GET", `/api/v1/tenants/${alpha.id}`, { token: created.body.token })).status).toBe(200);
    const list = await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/tokens`);
    expect(list.body.items.map((t) => t.name)).toEqual(["short lived", "alpha ci"]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);
    expect((await api.send("DELETE", `/api/v1/tenants/${alpha.id}/tokens/${created.body.id}`, { token: alphaToken })).status).toBe(204);
    await expectError(await api.send("GET", `/api/v1/tenants/${alpha.id}`, { token: created.body.token }), 401, "invalid_token");
    await expectError(await api.send("DELETE", `/api/v1/tenants/${alpha.id}/tokens/${created.body.id}`), 404, "not_found");
    await expectError(await api.send("POST", `/api/v1/tenants/${alpha.id}/tokens`, { json: { name: "x" }, unchecked: true }), 400, "invalid_request", "name");
    expect(await auditActions(alpha.id)).toEqual(expect.arrayContaining(["admin_token.create", "admin_token.revoke"]));
  });
});

describe("admins", () => {
  let owners: { id: string; email: string }[];

  beforeAll(async () => {
    const db = await prisma();
    owners = [];
    for (const email of ["first.owner@alpha.example", "second.owner@alpha.example"]) {
      const user = await db.adminUser.create({ data: { email, passwordHash: "unused" } });
      await db.tenantMembership.create({ data: { adminUserId: user.id, tenantId: alpha.id, role: "owner" } });
      owners.push({ id: user.id, email });
    }
  });

  it("lists the tenant's admins", async () => {
    const list = await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/admins`, { token: alphaToken });
    expect(list.body.items.map((a) => a.email)).toEqual(owners.map((o) => o.email));
  });

  it("invites by email and role → the link once; an existing admin → 409, a bad email → 400 email", async () => {
    const invited = await api.send<{ invite_url: string }>("POST", `/api/v1/tenants/${alpha.id}/admins`, { token: alphaToken, json: { email: "New.Admin@alpha.example", role: "member" } });
    expect(invited.status).toBe(201);
    expect(invited.body.invite_url).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
    await expectError(await api.send("POST", `/api/v1/tenants/${alpha.id}/admins`, { json: { email: owners[0]!.email, role: "owner" } }), 409, "invalid_request", "email");
    await expectError(await api.send("POST", `/api/v1/tenants/${alpha.id}/admins`, { json: { email: "not-an-email", role: "owner" }, unchecked: true }), 400, "invalid_request", "email");
    await expectError(await api.send("POST", `/api/v1/tenants/${alpha.id}/admins`, { json: { email: "a@alpha.example", role: "boss" }, unchecked: true }), 400, "invalid_request", "role");
  });

  it("changes a role, never demotes or removes the last owner (409), removes an admin", async () => {
    const path = (id: string) => `/api/v1/tenants/${alpha.id}/admins/${id}`;
    const demoted = await api.send("PATCH", path(owners[1]!.id), { token: alphaToken, json: { role: "member" } });
    expect(demoted.body).toMatchObject({ id: owners[1]!.id, role: "member" });
    await expectError(await api.send("PATCH", path(owners[0]!.id), { json: { role: "member" } }), 409, "invalid_request", "role");
    await expectError(await api.send("DELETE", path(owners[0]!.id)), 409, "invalid_request");
    expect((await api.send("DELETE", path(owners[1]!.id), { token: alphaToken })).status).toBe(204);
    await expectError(await api.send("DELETE", path(owners[1]!.id)), 404, "not_found");
    await expectError(await api.send("PATCH", path("not-a-uuid"), { json: { role: "owner" } }), 404, "not_found");
    expect(await auditActions(alpha.id)).toEqual(expect.arrayContaining(["admin.invite", "admin.role_change", "admin.remove"]));
  });
});

describe("refusals", () => {
  it("no token or a wrong one → 401 everywhere", async () => {
    await expectError(await api.send("GET", "/api/v1/tenants", { token: null }), 401, "invalid_token");
    await expectError(await api.send("GET", `/api/v1/tenants/${alpha.id}/audit`, { token: "wrong-token" }), 401, "invalid_token");
    await expectError(await api.send("DELETE", `/api/v1/applications/${alphaClient.client_id as string}`, { token: null }), 401, "invalid_token");
    expect((await api.send("GET", `/api/v1/applications/${alphaClient.client_id as string}`)).status).toBe(200);
  });

  it("a tenant token on another tenant's resources → 404, never its data", async () => {
    const clientId = alphaClient.client_id as string;
    const connection = await api.send("POST", `/api/v1/tenants/${beta.id}/eid-connections`, { json: { family: "se-bankid", kind: "oidc", settings: { issuer: "https://127.0.0.1:9/se", clientId: "p", clientAuth: "client_secret_post", scopes: "openid" }, secrets: { clientSecret: "s" } } });
    const [admin] = (await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/admins`)).body.items;
    const [token] = (await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/tokens`)).body.items;
    const foreign: [string, string, unknown?][] = [
      ["GET", `/api/v1/applications/${clientId}`],
      ["PATCH", `/api/v1/applications/${clientId}`, { client_name: "Hijacked" }],
      ["DELETE", `/api/v1/applications/${clientId}`],
      ["POST", `/api/v1/applications/${clientId}/secret`],
      ["GET", `/api/v1/applications/${clientId}/webhook-deliveries`],
      ["GET", `/api/v1/tenants/${alpha.id}/applications`],
      ["POST", `/api/v1/tenants/${alpha.id}/applications`, { redirect_uris: [RP_CALLBACK] }],
      ["GET", `/api/v1/tenants/${alpha.id}/keys`],
      ["POST", `/api/v1/tenants/${alpha.id}/keys/rotate`],
      ["GET", `/api/v1/tenants/${alpha.id}/audit`],
      ["GET", `/api/v1/tenants/${alpha.id}/admins`],
      ["POST", `/api/v1/tenants/${alpha.id}/admins`, { email: "intruder@beta.example", role: "owner" }],
      ["PATCH", `/api/v1/tenants/${alpha.id}/admins/${admin!.id as string}`, { role: "member" }],
      ["DELETE", `/api/v1/tenants/${alpha.id}/admins/${admin!.id as string}`],
      ["GET", `/api/v1/tenants/${alpha.id}/tokens`],
      ["POST", `/api/v1/tenants/${alpha.id}/tokens`, { name: "intruder" }],
      ["DELETE", `/api/v1/tenants/${alpha.id}/tokens/${token!.id as string}`],
    ];
    for (const [method, path, json] of foreign) {
      const answer = await api.send(method, path, { token: betaToken, ...(json !== undefined ? { json } : {}) });
      await expectError(answer, 404, "not_found");
      expect(JSON.stringify(answer.body), `${method} ${path}`).not.toContain(alpha.name);
    }
    const betaConnection = `/api/v1/tenants/${beta.id}/eid-connections/${connection.body.id as string}`;
    for (const [method, json] of [["GET"], ["PATCH", { enabled: false }], ["DELETE"]] as const) {
      await expectError(await api.send(method, betaConnection, { token: alphaToken, ...(json ? { json } : {}) }), 404, "not_found");
    }
    await expectError(await api.send("POST", `${betaConnection}/test`, { token: alphaToken }), 404, "not_found");
    await expectError(await api.send("GET", `/api/v1/tenants/${beta.id}/eid-connections`, { token: alphaToken }), 404, "not_found");
    await expectError(await api.send("POST", `/api/v1/tenants/${beta.id}/eid-connections`, { token: alphaToken, json: { family: "fi-ftn", kind: "oidc", settings: {} }, unchecked: true }), 404, "not_found");
    // Nothing changed.
    expect((await api.send("GET", `/api/v1/applications/${clientId}`)).body).toMatchObject({ client_name: "Alpha RP 2" });
    expect((await api.send<Page>("GET", `/api/v1/tenants/${alpha.id}/admins`)).body.items).toHaveLength(1);
  });

  it("malformed JSON, a JSON array, a wrong content type → 400 invalid_request", async () => {
    const path = `/api/v1/tenants/${alpha.id}/tokens`;
    for (const raw of ["{", '{"name": "x",}', "[1]", "null"]) {
      await expectError(await api.send("POST", path, { raw, unchecked: true }), 400, "invalid_request");
    }
    await expectError(await api.send("POST", path, { raw: '{"name":"ok name"}', contentType: "text/plain", unchecked: true }), 400, "invalid_request");
    await expectError(await api.send("PATCH", `/api/v1/applications/${alphaClient.client_id as string}`, { raw: '{"client_name": "a\\u0000b"}', unchecked: true }), 400, "invalid_request");
  });

  it("an oversized body → 413", async () => {
    const raw = JSON.stringify({ client_name: "x".repeat(70 * 1024) });
    await expectError(await api.send("PATCH", `/api/v1/applications/${alphaClient.client_id as string}`, { raw, unchecked: true }), 413, "invalid_request");
    await expectError(await api.send("POST", "/api/v1/tenants", { raw, unchecked: true }), 413, "invalid_request");
  });

  it("malformed and unknown ids → 404", async () => {
    await expectError(await api.send("GET", `/api/v1/tenants/${UNKNOWN}/keys`), 404, "not_found");
    await expectError(await api.send("GET", "/api/v1/tenants/abc/audit"), 404, "not_found");
    await expectError(await api.send("GET", `/api/v1/tenants/${alpha.id}/eid-connections/abc`), 404, "not_found");
    await expectError(await api.send("DELETE", `/api/v1/tenants/${alpha.id}/tokens/abc`), 404, "not_found");
    await expectError(await api.send("GET", "/api/v1/applications/no-such-client"), 404, "not_found");
  });
});

describe("the document", () => {
  it("is served without a token", async () => {
    expect((await api.send("GET", "/api/v1/openapi.json", { token: null })).status).toBe(200);
  });

  it("every documented operation was called by the tests above", () => {
    expect(api.operationIds().filter((id) => !api.called.has(id))).toEqual([]);
  });
});
