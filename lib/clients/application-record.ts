/** An application (client) as the protocol endpoints and the dashboard read it: with its tenant and webhook. */
import type { Application, Tenant, WebhookExtension } from "../db/generated/client";

export type ApplicationRecord = Application & { webhook: WebhookExtension | null; tenant: Tenant };

/** The Prisma `include` that loads an ApplicationRecord. */
export const APPLICATION_INCLUDE = { webhook: true, tenant: true } as const;

