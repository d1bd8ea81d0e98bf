/**
 * Production eID connections: one per tenant and catalogue family. Settings are JSON; secrets
 * (client secret, Porta's private key for private_key_jwt, the BankID client certificate) are
 * sealed with the instance secret, bound to the connection's row, and never leave the server:
 * the dashboard shows only whether each is set.
 *
 * Logins read connections through a per-process cache of 10 s: a change made on one instance is
 * used by every instance within that time, and at once by the instance that made it.
 */
import { z } from "zod";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { recordAudit, type Actor } from "../../audit/record-audit";
import { assertOwner } from "../../admin/owner-required";
import { decryptAtRest, encryptAtRest } from "../../crypto/encryption";
import { randomToken } from "../../crypto/random";
import { prisma } from "../../db/client";
import type { EidConnection as ConnectionRow, Prisma } from "../../db/generated/client";
import { OAuthError } from "../../oauth/errors";
import { ttlCache } from "../../process/ttl-cache";
import type { ProductionConnectorKind } from "../connector";
import { EID_FAMILIES, findFamily, isEidFamily, type EidFamily } from "../families";
import { connectionIssueError, ConnectionInputError } from "./connection-input-error";
import {
  acrMappingProblem,
  bankIdSecretsSchema,
  bankIdSettingsSchema,
  connectorKindsFor,
  oidcSecretsSchema,
  oidcSettingsSchema,
  type BankIdSecrets,
  type BankIdSettings,
  type OidcSecrets,
  type OidcSettings,
} from "./schemas";

interface ConnectionBase {
  id: string;
  tenantId: string;
  family: EidFamily;
  enabled: boolean;
  updatedAt: Date;
  lastCheckedAt: Date | null;
  lastCheckOk: boolean | null;
  lastCheckNote: string | null;
}

export interface OidcConnection extends ConnectionBase {
  kind: "oidc";
  settings: OidcSettings;
  secrets: OidcSecrets;
}

export interface BankIdConnection extends ConnectionBase {
  kind: "se-bankid";
  settings: BankIdSettings;
  secrets: BankIdSecrets;
}

export type Connection = OidcConnection | BankIdConnection;

export const CONNECTION_CACHE_TTL_MS = 10_000;

const cache = ttlCache<string, Connection | null>({ name: "eid-connections", ttlMs: CONNECTION_CACHE_TTL_MS });

function sealContext(id: string): string {
  return `eid-connection:${id}`;
}

function fromRow(row: ConnectionRow): Connection {
  if (!isEidFamily(row.family)) throw new Error(`unknown eID family ${row.family}`);
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
  if (row.kind === "oidc") {
    return { ...base, kind: "oidc", settings: oidcSettingsSchema.parse(row.settings), secrets: oidcSecretsSchema.parse(secrets) };
  }
  if (row.kind === "se-bankid") {
    return { ...base, kind: "se-bankid", settings: bankIdSettingsSchema.parse(row.settings), secrets: bankIdSecretsSchema.parse(secrets) };
  }
  throw new Error(`unknown eID connection kind ${row.kind}`);
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
export function connectableFamilies(): { family: EidFamily; name: string; kinds: ProductionConnectorKind[] }[] {
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

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  return { ...(await exportJWK(privateKey)), kid: randomToken(12), alg: "RS256", use: "sig" };
}

/** The public half of Porta's client-assertion key, for registering at the upstream. */
export function publicJwksOf(connection: Connection): { keys: JWK[] } {
  if (connection.kind !== "oidc" || !connection.secrets.privateJwk) return { keys: [] };
  const { kty, n, e, kid, alg, use } = connection.secrets.privateJwk as JWK;
  return { keys: [{ kty, n, e, kid, alg, use }] };
}

/** The public JWKS of a connection's client-assertion key, by connection id (public: what the upstream fetches). */
export async function connectionJwks(id: string): Promise<{ keys: JWK[] } | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const row = await (await prisma()).eidConnection.findUnique({ where: { id } });
  if (!row || row.kind !== "oidc") return null;
  return publicJwksOf(fromRow(row));
}

function nonEmpty(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== ""));
}

/** Validates and stores a connection (creating or replacing the family's), with an audit row. */
export async function saveConnection(tenantId: string, input: ConnectionInput, actor: Actor): Promise<Connection> {
  await assertOwner(tenantId, actor); // members may look, not change: connections hold the tenant's eID secrets
  const db = await prisma();
  const tenant = await db.tenant.findUnique({ where: { id: tenantId } });
  if (!tenant) throw invalid("No such tenant");
  if (tenant.environment !== "production") throw invalid("Test tenants use the built-in simulators; connections are for production tenants");
  if (!isEidFamily(input.family) || !connectorKindsFor(input.family).length) throw invalid(`Unknown eID ${input.family}`);
  const kinds = connectorKindsFor(input.family);
  if (!kinds.includes(input.kind as "oidc")) throw new ConnectionInputError(`${familyName(input.family)} cannot use a ${input.kind} connection`, { field: "kind" });

  const existingRow = await db.eidConnection.findUnique({ where: { tenantId_family: { tenantId, family: input.family } } });
  const existing = existingRow ? fromRow(existingRow) : null;
  const keptSecrets: Record<string, unknown> = existing && existing.kind === input.kind ? { ...existing.secrets } : {};
  const fresh = nonEmpty(input.secrets);

  let settings: OidcSettings | BankIdSettings;
  let secrets: OidcSecrets | BankIdSecrets;
  if (input.kind === "oidc") {
    const parsed = oidcSettingsSchema.safeParse(input.settings);
    if (!parsed.success) throw connectionIssueError(parsed.error);
    const problem = acrMappingProblem(input.family, parsed.data.acrValues);
    if (problem) throw new ConnectionInputError(problem, { field: "acrValues" });
    const merged: OidcSecrets = { ...(keptSecrets as OidcSecrets), ...(fresh.clientSecret ? { clientSecret: fresh.clientSecret } : {}) };
    if (parsed.data.clientAuth === "private_key_jwt" && !merged.privateJwk) merged.privateJwk = await newPrivateJwk();
    if (parsed.data.clientAuth !== "private_key_jwt" && !merged.clientSecret) {
      const reason = "the client secret is required for this client authentication";
      throw new ConnectionInputError(`clientSecret: ${reason}`, { field: "clientSecret", reason });
    }
    const checked = oidcSecretsSchema.safeParse(merged);
    if (!checked.success) throw connectionIssueError(checked.error);
    settings = parsed.data;
    secrets = checked.data;
  } else {
    const parsed = bankIdSettingsSchema.safeParse(input.settings);
    if (!parsed.success) throw connectionIssueError(parsed.error);
    const merged: Record<string, unknown> = { ...keptSecrets };
    // A new certificate replaces the old one whole, in whichever form it comes.
    if (fresh.pkcs12) {
      delete merged.certificatePem;
      delete merged.privateKeyPem;
      merged.pkcs12 = fresh.pkcs12.replace(/\s+/g, "");
      merged.passphrase = fresh.passphrase;
    } else if (fresh.certificatePem || fresh.privateKeyPem) {
      delete merged.pkcs12;
      delete merged.passphrase;
      merged.certificatePem = fresh.certificatePem;
      merged.privateKeyPem = fresh.privateKeyPem;
    } else if (fresh.passphrase) {
      merged.passphrase = fresh.passphrase;
    }
    const checked = bankIdSecretsSchema.safeParse(merged);
    if (!checked.success) throw connectionIssueError(checked.error, "pkcs12");
    settings = parsed.data;
    secrets = checked.data;
  }

  const id = existing?.id ?? crypto.randomUUID();
  const data = {
    kind: input.kind,
    settings: settings as Prisma.InputJsonValue,
    secrets: encryptAtRest(JSON.stringify(secrets), sealContext(id)),
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
      after: { kind: input.kind, settings, enabled: input.enabled, secretsSet: Object.keys(secrets).filter((k) => k !== "privateJwk") },
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
    data: { lastCheckedAt: new Date(), lastCheckOk: ok, lastCheckNote: note.slice(0, 500) },
  });
  forget(connection.tenantId, connection.family);
}
