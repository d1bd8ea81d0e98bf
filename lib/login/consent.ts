/** Remembered consent per (application, person): the scopes the person agreed to release. */
import { prisma } from "../db/client";

export async function hasConsent(applicationId: string, subject: string, scopes: string[]): Promise<boolean> {
  const consent = await (await prisma()).consent.findUnique({ where: { applicationId_subject: { applicationId, subject } } });
  return !!consent && scopes.every((s) => consent.scopes.includes(s));
}

/** Adds the scopes to what the person already agreed to (earlier consents stay). */
export async function grantConsent(applicationId: string, subject: string, scopes: string[]): Promise<void> {
  const db = await prisma();
  await db.$transaction(async (tx) => {
    const existing = await tx.consent.findUnique({ where: { applicationId_subject: { applicationId, subject } } });
    const merged = [...new Set([...(existing?.scopes ?? []), ...scopes])];
    await tx.consent.upsert({
      where: { applicationId_subject: { applicationId, subject } },
      create: { applicationId, subject, scopes: merged },
      update: { scopes: merged },
    });
  });
}

export async function revokeConsent(applicationId: string, subject: string): Promise<boolean> {
  const result = await (await prisma()).consent.deleteMany({ where: { applicationId, subject } });
  return result.count > 0;
}
