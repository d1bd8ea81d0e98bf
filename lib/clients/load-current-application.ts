import { prisma } from "../db/client";
import { APPLICATION_INCLUDE, type ApplicationRecord } from "./application-record";
import { invalidMetadata } from "./client-metadata-error";

/** The application as stored now, for write paths (a cached copy may be a few seconds old). */
export async function loadCurrentApplication(id: string): Promise<ApplicationRecord> {
  const app = await (await prisma()).application.findUnique({ where: { id }, include: APPLICATION_INCLUDE });
  if (!app) throw invalidMetadata(undefined, "The application no longer exists");
  return app;
}
