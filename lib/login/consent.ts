/** Remembered consent per (application, person): the scopes the person agreed to release. */
import { prisma } from "../db/client";

export async function hasConsent(applicationId: string, subject: string, scopes: string[]): Promise<boolean> {
  const consent = await (await prisma()).consent.findUnique({ where: { applicationId_subject: { applicationId, subject } } });
  return !!consent && scopes.every((s) => consent.scopes.includes(s));
}

export async function grantConsent(applicationId: string, subject: string, scopes: string[]): Promise<void> {
  await (await prisma()).consent.upsert({
    where: { applicationId_subject: { applicationId, subject } },
    create: { applicationId, subject, scopes },
    update: { scopes },
  });
}

export async function revokeConsent(applicationId: string, subject: string): Promise<boolean> {
  const result = await (await prisma()).consent.deleteMany({ where: { applicationId, subject } });
  return result.count > 0;
}
