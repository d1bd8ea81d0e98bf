/**
 * Stored tenant domains: the TenantDomain table, keyed by host, so a host belongs to
 * one tenant at most. Changed only inside the transaction that changes the tenant, with its audit row.
 */
import type { Actor } from "../audit/record-audit";
import { recordAudit } from "../audit/record-audit";
import { prisma, db as database } from "../db/client";
import type { Prisma, Tenant } from "../db/generated/client";
import { TenantFieldError } from "./domains";
import { forgetHostMap } from "./host-map";
import { followPlaygroundDomains } from "../playground/playground-app";

export interface TenantResource {
  id: string;
  name: string;
  environment: Tenant["environment"];
  domains: string[];
}

/** Every (host → tenant) pair, for resolving a request's Host. */
export async function listTenantDomainHosts(): Promise<{ host: string; tenantId: string }[]> {
  return (await prisma()).tenantDomain.findMany({ select: { host: true, tenantId: true }, orderBy: { host: "asc" } });
}

/** One tenant's domains, sorted. */
export async function tenantDomains(tenantId: string): Promise<string[]> {
  const rows = await (await prisma()).tenantDomain.findMany({ where: { tenantId }, select: { host: true }, orderBy: { host: "asc" } });
  return rows.map((row) => row.host);
}

/** The tenant as the admin API shows it, or null. */
export async function findTenantResource(tenantId: string): Promise<TenantResource | null> {
  if (!/^[0-9a-f-]{36}$/.test(tenantId)) return null;
  const tenant = await (await prisma()).tenant.findUnique({ where: { id: tenantId }, include: { domains: { select: { host: true }, orderBy: { host: "asc" } } } });
  return tenant ? { id: tenant.id, name: tenant.name, environment: tenant.environment, domains: tenant.domains.map((d) => d.host) } : null;
}

/**
 * Makes `domains` (normalised, see parseDomains) the tenant's exact list, inside `tx`. A host
 * another tenant holds is a field error on `domains`; the primary key settles a race.
 */
export async function replaceTenantDomains(tx: Prisma.TransactionClient, tenantId: string, domains: readonly string[]): Promise<void> {
  const taken = await tx.tenantDomain.findFirst({ where: { host: { in: [...domains] }, tenantId: { not: tenantId } }, select: { host: true } });
  if (taken) throw domainTaken(taken.host);
  await tx.tenantDomain.deleteMany({ where: { tenantId, host: { notIn: [...domains] } } });
  const kept = new Set((await tx.tenantDomain.findMany({ where: { tenantId }, select: { host: true } })).map((row) => row.host));
  const added = domains.filter((host) => !kept.has(host));
  if (added.length > 0) await tx.tenantDomain.createMany({ data: added.map((host) => ({ host, tenantId })) });
}

function domainTaken(host: string): TenantFieldError {
  return new TenantFieldError("domains", `"${host}": this domain is already used by another tenant`);
}

/** Whether a Prisma error is the TenantDomain primary key refusing a host (a concurrent claim). */
function isHostConflict(error: unknown): boolean {
  const e = error as { code?: string; meta?: { modelName?: string } } | null;
  return e?.code === "P2002" && e.meta?.modelName === "TenantDomain";
}

/**
 * Runs a write (a transaction) that may change domains: a host claimed meanwhile by another tenant
 * becomes the same field error; once committed, this process's host map is reloaded.
 */
export async function withHostConflicts<T>(domains: readonly string[] | undefined, write: () => Promise<T>): Promise<T> {
  try {
    const result = await write();
    if (domains !== undefined) forgetHostMap();
    return result;
  } catch (error) {
    if (domains && isHostConflict(error)) {
      const owners = await listTenantDomainHosts();
      const host = domains.find((d) => owners.some((o) => o.host === d)) ?? domains[0]!;
      throw domainTaken(host);
    }
    throw error;
  }
}

export interface TenantChange {
  name?: string;
  domains?: string[];
}

export class DuplicateTenantNameError extends TenantFieldError {
  constructor(name: string) {
    super("name", `A tenant named ${name} already exists`);
  }
}

/** Renames a tenant and/or replaces its domains, audited as `tenant.update` with before and after. */
export async function updateTenant(tenantId: string, change: TenantChange, actor: Actor): Promise<TenantResource | null> {
  const before = await findTenantResource(tenantId);
  if (!before) return null;
  const d = await database();
  if (change.name !== undefined && change.name !== before.name) {
    const clash = await d.prisma.tenant.findUnique({ where: { name: change.name }, select: { id: true } });
    if (clash) throw new DuplicateTenantNameError(change.name);
  }
  const updated = await withHostConflicts(change.domains, () =>
    d.prisma.$transaction(async (tx) => {
      if (change.name !== undefined) await tx.tenant.update({ where: { id: tenantId }, data: { name: change.name } });
      if (change.domains !== undefined) await replaceTenantDomains(tx, tenantId, change.domains);
      const after: TenantResource = { ...before, ...(change.name !== undefined ? { name: change.name } : {}), ...(change.domains !== undefined ? { domains: [...change.domains].sort() } : {}) };
      await recordAudit(tx, actor, { tenantId, action: "tenant.update", targetType: "tenant", targetId: tenantId, before: { name: before.name, domains: before.domains }, after: { name: after.name, domains: after.domains } });
      return after;
    }),
  );
  // The playground's redirect and logout URIs follow the domains (the login runs on them).
  if (change.domains !== undefined) await followPlaygroundDomains(tenantId, actor);
  return updated;
}
