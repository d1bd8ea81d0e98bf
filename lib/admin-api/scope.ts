/**
 * What an admin token reaches: the platform token every tenant, a tenant's token its
 * own tenant only. Another tenant's resource is answered exactly like one that does not exist
 * (404), so a tenant token learns nothing about other tenants.
 */
import type { Actor } from "../audit/record-audit";
import type { ApplicationRecord } from "../clients/application-record";
import { findApplication } from "../clients/find-application";
import { findTenantResource, type TenantResource } from "../tenants/tenant-domains";
import { notFound } from "./api-errors";

export function mayReachTenant(actor: Actor, tenantId: string): boolean {
  return actor.tenantId === null || actor.tenantId === tenantId;
}

export async function tenantInScope(actor: Actor, tenantId: string): Promise<TenantResource> {
  const tenant = mayReachTenant(actor, tenantId) ? await findTenantResource(tenantId) : null;
  if (!tenant) throw notFound("tenant");
  return tenant;
}

export async function applicationInScope(actor: Actor, clientId: string): Promise<ApplicationRecord> {
  const application = await findApplication(clientId);
  if (!application || !mayReachTenant(actor, application.tenantId)) throw notFound("application");
  return application;
}
