/**
 * The reads behind the dashboard pages (lib query functions): each is scoped to its tenant,
 * pages and filters as the pages expect, and returns no secret or hash.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../../lib/admin/admin-tokens";
import { findAdminUser } from "../../lib/admin/find-admin-user";
import { listAdminTokens } from "../../lib/admin/list-admin-tokens";
import type { Actor } from "../../lib/audit/record-audit";
import { loadAuditLogPage } from "../../lib/audit/load-audit-log-page";
import { createApplication } from "../../lib/clients/create-application";
import { loadApplicationListPage } from "../../lib/clients/load-application-list-page";
import { hashPassword } from "../../lib/crypto/password";
import { prisma } from "../../lib/db/client";
import { loadPublishedKeys } from "../../lib/keys/load-published-keys";
import { createTenant } from "../../lib/tenants/create-tenant";
import { listWebhookDeliveries } from "../../lib/webhooks/list-webhook-deliveries";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let tenantId: string;
let otherTenantId: string;
let actor: Actor;
let adminId: string;

beforeAll(async () => {
  porta = await startTestPorta();
  const admin = await (await prisma()).adminUser.create({ data: { email: "queries@example.com", passwordHash: await hashPassword("a long password") } });
  adminId = admin.id;
  const system: Actor = { type: "admin_user", id: admin.email, tenantId: null };
  tenantId = (await createTenant({ name: "Query Bank", environment: "test" }, admin.id, system)).id;
  otherTenantId = (await createTenant({ name: "Other Bank", environment: "test" }, admin.id, system)).id;
  actor = { type: "admin_user", id: admin.email, tenantId };
  for (const name of ["Alpha portal", "Beta portal", "Gamma app"]) {
    await createApplication({ client_name: name, redirect_uris: ["https://rp.example/cb"], tenant_id: tenantId }, actor);
  }
  await createApplication({ client_name: "Alpha elsewhere", redirect_uris: ["https://rp.example/cb"], tenant_id: otherTenantId }, { ...actor, tenantId: otherTenantId });
});
afterAll(async () => {
  await porta.close();
});

describe("dashboard reads", () => {
  it("applications: the tenant's own, newest first, searched by name in any case, one page at a time", async () => {
    const all = await loadApplicationListPage({ tenantId, page: 1, pageSize: 20 });
    expect(all.total).toBe(3);
    expect(all.applications.map((a) => a.clientName)).toEqual(["Gamma app", "Beta portal", "Alpha portal"]);
    expect(all.applications[0]).not.toHaveProperty("clientSecretHash");
    const found = await loadApplicationListPage({ tenantId, search: "PORTAL", page: 1, pageSize: 20 });
    expect(found.applications.map((a) => a.clientName)).toEqual(["Beta portal", "Alpha portal"]);
    const second = await loadApplicationListPage({ tenantId, page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, applications: [{ clientName: "Alpha portal" }] });
  });

  it("audit log: the tenant's events, filtered by action prefix, with every recorded action for the filter", async () => {
    const created = await loadAuditLogPage({ tenantId, action: "application.", page: 1, pageSize: 30 });
    expect(created.total).toBe(3);
    expect(created.events.every((e) => e.tenantId === tenantId && e.action === "application.create")).toBe(true);
    expect(created.actions).toEqual(expect.arrayContaining(["application.create", "tenant.create"]));
    const paged = await loadAuditLogPage({ tenantId, page: 2, pageSize: 1 });
    expect(paged.events).toHaveLength(1);
  });

  it("keys: the tenant's current ID token keys and the shared webhook keys, without private parts", async () => {
    const { tenantKeys, webhookKeys } = await loadPublishedKeys(tenantId);
    expect(tenantKeys.filter((k) => k.state === "current")).toHaveLength(3);
    expect(webhookKeys.length).toBeGreaterThan(0);
    expect(tenantKeys[0]).not.toHaveProperty("privateKey");
  });

  it("API tokens: the tenant's, without their hashes", async () => {
    await createAdminToken(tenantId, "deploy", actor);
    const tokens = await listAdminTokens(tenantId);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: "deploy", createdBy: "queries@example.com", revokedAt: null });
    expect(tokens[0]).not.toHaveProperty("tokenHash");
    expect(await listAdminTokens(otherTenantId)).toEqual([]);
  });

  it("the signed-in admin, and no one for an unknown id", async () => {
    expect(await findAdminUser(adminId)).toEqual({ id: adminId, email: "queries@example.com" });
    expect(await findAdminUser("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("webhook deliveries: none for a new application", async () => {
    const [app] = (await loadApplicationListPage({ tenantId, page: 1, pageSize: 1 })).applications;
    expect(await listWebhookDeliveries(app!.id)).toEqual([]);
  });
});
