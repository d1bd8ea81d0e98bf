/**
 * Production eID connections: one per tenant and catalogue family, each of a registered kind
 * (lib/eid/connection-kinds), which validates its input. Settings are JSON; the secrets the kind
 * lists (client secret, Porta's private key for private_key_jwt, the BankID client certificate)
 * are sealed with the instance secret, bound to the connection's row, and never leave the server:
 * the admin API, the dashboard and the audit log say only which are set.
 *
 * Logins read connections through a per-process cache of 10 s: a change made on one instance is
 * used by every instance within that time, and at once by the instance that made it.
 */
import { z } from "zod";
import type { JWK } from "jose";
import { recordAudit, type Actor } from "../../audit/record-audit";
import { assertOwner } from "../../admin/owner-required";
import { decryptAtRest, encryptAtRest } from "../../crypto/encryption";
import { prisma } from "../../db/client";
import type { EidConnection as ConnectionRow, Prisma } from "../../db/generated/client";
import { OAuthError } from "../../oauth/errors";
import { ttlCache } from "../../process/ttl-cache";
import { connectionKindOf, connectorKindsFor, findConnectionKind, secretsSetOf, secretsToSeal, type Connection, type ConnectionKindName } from "../connection-kinds";
import type { ConnectionBase } from "../connection-kinds/definition";
import { EID_FAMILIES, findFamily, isEidFamily, type EidFamily } from "../families";
import { ConnectionInputError } from "./connection-input-error";
import { now } from "../../clock";

export type { Connection } from "../connection-kinds";

export const CONNECTION_CACHE_TTL_MS = 10_000;

const cache = ttlCache<string, Connection | null>({ name: "eid-connections", ttlMs: CONNECTION_CACHE_TTL_MS });

function sealContext(id: string): string {
  return `eid-connection:${id}`;
}

function fromRow(row: ConnectionRow): Connection {
  if (!isEidFamily(row.family)) throw new Error(`unknown eID family ${row.family}`);
  const kind = findConnectionKind(row.kind);
  if (!kind) throw new Error(`unknown eID connection kind ${row.kind}`);
  const secrets = row.secrets ? (JSON.parse(decryptAtRest(row.secrets, sealContext(row.id))) as unknown) : {};
  const base: ConnectionBase = {
    id: row.id,
    tenantId: row.tenantId,
    family: row.family,
    enabled: row.enabled,
    updatedAt: row.updatedAt,
    lastCheckedAt: row.lastCheckedAt,
    lastCheckOk: row.lastCheckOk,
    lastCheckNote: row.lastCheckNote,
  };
  // The kind's own schemas read its settings and secrets, so the result is a connection of that kind.
  return { ...base, kind: kind.name, settings: kind.settings.parse(row.settings), secrets: kind.secrets.parse(secrets) } as Connection;
}

/** The tenant's connection for an eID family (cached), or null when none is configured. */
export async function findConnection(tenantId: string, family: EidFamily): Promise<Connection | null> {
  return cache.load(`${tenantId}:${family}`, async () => {
    const row = await (await prisma()).eidConnection.findUnique({ where: { tenantId_family: { tenantId, family } } });
    return row ? fromRow(row) : null;
  });
}

export async function listConnections(tenantId: string): Promise<Connection[]> {
  const rows = await (await prisma()).eidConnection.findMany({ where: { tenantId }, orderBy: { family: "asc" } });
  return rows.map(fromRow);
}

export async function findConnectionById(tenantId: string, id: string): Promise<Connection | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const row = await (await prisma()).eidConnection.findFirst({ where: { id, tenantId } });
  return row ? fromRow(row) : null;
}

function forget(tenantId: string, family: string): void {
  cache.delete(`${tenantId}:${family}`);
}

/** Families a production tenant can connect, in catalogue order. */
export function connectableFamilies(): { family: EidFamily; name: string; kinds: ConnectionKindName[] }[] {
  return EID_FAMILIES.filter((f) => f.connectorKinds.length > 0).map((f) => ({ family: f.id, name: f.displayName, kinds: connectorKindsFor(f.id) }));
}

/** The family's name in the dashboard ("Danish MitID"). */
export function familyName(family: string): string {
  return findFamily(family)?.displayName ?? family;
}

export interface ConnectionInput {
  family: string;
  kind: string;
  settings: unknown;
  /** New secret values; a missing or empty field keeps the stored one. */
  secrets: Record<string, string | undefined>;
  enabled: boolean;
}

function invalid(description: string): OAuthError {
  return new OAuthError("invalid_request", description);
}

/** The public half of the keys Porta holds for a connection (client assertions), for registering at the upstream. */
export function publicJwksOf(connection: Connection): { keys: JWK[] } {
  return connectionKindOf(connection).providerRegistration?.publishedKeys(connection) ?? { keys: [] };
}

/** The public JWKS of a connection's keys, by connection id (public: what the upstream fetches). */
export async function connectionJwks(id: string): Promise<{ keys: JWK[] } | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const row = await (await prisma()).eidConnection.findUnique({ where: { id } });
  if (!row || !findConnectionKind(row.kind)?.providerRegistration) return null;
  return publicJwksOf(fromRow(row));
}

function nonEmpty(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== ""));
}

/** Validates and stores a connection (creating or replacing the family's), with an audit row. */
export async function saveConnection(tenantId: string, input: ConnectionInput, actor: Actor): Promise<Connection> {
  await assertOwner(tenantId, actor); // members may look; only owners change a tenant's eID credentials
  const db = await prisma();
  const tenant = await db.tenant.findUnique({ where: { id: tenantId } });
  if (!tenant) throw invalid("No such tenant");
  if (tenant.environment !== "production") throw invalid("Test tenants use the built-in simulators; connections are for production tenants");
  if (!isEidFamily(input.family) || !connectorKindsFor(input.family).length) throw invalid(`Unknown eID ${input.family}`);
  const kind = findConnectionKind(input.kind);
  if (!kind || !connectorKindsFor(input.family).includes(kind.name)) throw new ConnectionInputError(`${familyName(input.family)} cannot use a ${input.kind} connection`, { field: "kind" });

  const existingRow = await db.eidConnection.findUnique({ where: { tenantId_family: { tenantId, family: input.family } } });
  const existing = existingRow ? fromRow(existingRow) : null;
  const stored: Record<string, unknown> = existing && existing.kind === kind.name ? { ...existing.secrets } : {};
  const { settings, secrets } = await kind.prepare({ family: input.family, settings: input.settings, stored, given: nonEmpty(input.secrets) });

  const id = existing?.id ?? crypto.randomUUID();
  const data = {
    kind: kind.name,
    settings: settings as Prisma.InputJsonValue,
    secrets: encryptAtRest(JSON.stringify(secretsToSeal(kind, secrets)), sealContext(id)),
    enabled: input.enabled,
    lastCheckedAt: null,
    lastCheckOk: null,
    lastCheckNote: null,
  };
  const row = await db.$transaction(async (t) => {
    const saved = await t.eidConnection.upsert({
      where: { tenantId_family: { tenantId, family: input.family } },
      create: { id, tenantId, family: input.family, ...data },
      update: data,
    });
    await recordAudit(t, actor, {
      tenantId,
      action: existing ? "eid_connection.update" : "eid_connection.create",
      targetType: "eid_connection",
      targetId: saved.id,
      // Settings only: secrets never reach the audit log.
      before: existing ? { kind: existing.kind, settings: existing.settings, enabled: existing.enabled } : undefined,
      after: { kind: kind.name, settings, enabled: input.enabled, secretsSet: secretsSetOf(kind, secrets) },
    });
    return saved;
  });
  forget(tenantId, input.family);
  return fromRow(row);
}

export async function deleteConnection(tenantId: string, id: string, actor: Actor): Promise<void> {
  await assertOwner(tenantId, actor);
  const db = await prisma();
  const existing = await findConnectionById(tenantId, id);
  if (!existing) throw invalid("No such eID connection");
  await db.$transaction(async (t) => {
    await t.eidConnection.delete({ where: { id } });
    await recordAudit(t, actor, { tenantId, action: "eid_connection.delete", targetType: "eid_connection", targetId: id, before: { kind: existing.kind, settings: existing.settings } });
  });
  forget(tenantId, existing.family);
}

/** Records the outcome of "test connection" on the row (shown in the dashboard). */
export async function recordCheck(connection: Connection, ok: boolean, note: string): Promise<void> {
  await (await prisma()).eidConnection.update({
    where: { id: connection.id },
    data: { lastCheckedAt: now(), lastCheckOk: ok, lastCheckNote: note.slice(0, 500) },
  });
  forget(connection.tenantId, connection.family);
}
