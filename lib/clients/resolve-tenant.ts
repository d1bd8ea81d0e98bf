/**
 * The tenant a new application belongs to (README, `PORTA_DEFAULT_TENANT`): a tenant-scoped token
 * registers in its own tenant only; otherwise the requested `tenant_id`, or the default tenant
 * (PORTA_DEFAULT_TENANT, by id or name, else the oldest tenant).
 */
import type { Actor } from "../audit/record-audit";
import { config } from "../config";
import { prisma } from "../db/client";
import type { Tenant } from "../db/generated/client";
import { OAuthError } from "../oauth/errors";
import { invalidMetadata } from "./client-metadata-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `tenant_id` the registration request asks for, if it sends one as a string. */
function requestedTenantId(input: unknown): string | undefined {
  const requested = typeof input === "object" && input !== null ? (input as { tenant_id?: unknown }).tenant_id : undefined;
  return typeof requested === "string" ? requested : undefined;
}

export async function resolveTenant(input: unknown, actor: Actor): Promise<Tenant> {
  const requested = requestedTenantId(input);
  if (requested !== undefined && !UUID.test(requested)) throw invalidMetadata("tenant_id", "tenant_id: must be a tenant id (UUID)");
  const db = await prisma();
  if (actor.tenantId) {
    if (requested && requested !== actor.tenantId) {
      throw invalidMetadata("tenant_id", "tenant_id: this token may only register applications in its own tenant");
    }
    const tenant = await db.tenant.findUnique({ where: { id: actor.tenantId } });
    if (!tenant) throw invalidMetadata("tenant_id", "tenant_id: the token's tenant no longer exists");
    return tenant;
  }
  if (requested) {
    const tenant = await db.tenant.findUnique({ where: { id: requested } });
    if (!tenant) throw invalidMetadata("tenant_id", "tenant_id: no such tenant");
    return tenant;
  }
  return defaultTenant();
}

async function defaultTenant(): Promise<Tenant> {
  const db = await prisma();
  const configured = config().defaultTenant;
  if (configured) {
    const tenant = await db.tenant.findFirst({ where: UUID.test(configured) ? { id: configured } : { name: configured } });
    if (tenant) return tenant;
  }
  const tenant = await db.tenant.findFirst({ orderBy: { createdAt: "asc" } });
  if (!tenant) throw new OAuthError("server_error", "No tenant exists yet");
  return tenant;
}
