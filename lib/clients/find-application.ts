/**
 * Applications by client_id or by id, through this process's short-lived cache
 * (application-cache.ts). Every write clears the changed application's entries here.
 */
import { prisma } from "../db/client";
import { isValidText } from "../http/valid-text";
import { applicationCache } from "./application-cache";
import { APPLICATION_INCLUDE, type ApplicationRecord } from "./application-record";
import { forgetPublicClientOrigins } from "./public-client-origins";
import { isServedTenant } from "../tenants/issuer-context";

const byClientId = applicationCache<ApplicationRecord>("by-client-id");
const byId = applicationCache<ApplicationRecord>("by-id");

/** The application, from this process's short-lived cache. */
export function findApplication(clientId: string): Promise<ApplicationRecord | null> {
  // No stored client_id holds NUL or invalid UTF-8 (PostgreSQL would refuse the query itself).
  if (!isValidText(clientId)) return Promise.resolve(null);
  return byClientId.load(clientId, async () => (await prisma()).application.findUnique({ where: { clientId }, include: APPLICATION_INCLUDE }));
}

/**
 * The application as a protocol endpoint sees it: null when its tenant is not served on the
 * request's issuer (another tenant's client_id is an unknown client there, and PUBLIC_URL
 * serves no production tenant: lib/tenants/issuer-context.ts).
 */
export async function findServedApplication(clientId: string): Promise<ApplicationRecord | null> {
  const application = await findApplication(clientId);
  return application && (await isServedTenant(application.tenant)) ? application : null;
}

export function findApplicationById(id: string): Promise<ApplicationRecord | null> {
  if (!isValidText(id)) return Promise.resolve(null);
  return byId.load(id, async () => (await prisma()).application.findUnique({ where: { id }, include: APPLICATION_INCLUDE }));
}

/**
 * A login's application as the request's issuer sees it: null when its tenant is not served there
 * (a login belongs to its tenant's issuer and is unknown on any other).
 */
export async function findServedApplicationById(id: string): Promise<ApplicationRecord | null> {
  const application = await findApplicationById(id);
  return application && (await isServedTenant(application.tenant)) ? application : null;
}

/** Clears this process's cached copies of an application (after every write to it). */
export function forgetApplication(app: { id: string; clientId: string }): void {
  byClientId.delete(app.clientId);
  byId.delete(app.id);
  forgetPublicClientOrigins();
}

/** Clears every cached application of this process. */
export function clearApplicationCache(): void {
  byClientId.clear();
  byId.clear();
  forgetPublicClientOrigins();
}
