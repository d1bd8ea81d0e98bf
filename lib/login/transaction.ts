/**
 * The login transaction state machine (design.md §2). Every login (browser, CIBA, headless) moves
 * through these states; each move is a conditional update on (id, state, version), so two
 * instances or two browser tabs cannot both advance the same login.
 */
import { randomUUID } from "node:crypto";
import { endedLoginOf, type EndedLogin } from "../analytics/ended-login";
import { recordLoginOutcome } from "../analytics/record-login-outcome";
import { hashToken } from "../crypto/hash";
import { db as database, prisma } from "../db/client";
import { epochMs, utcParam } from "../db/sql";
import { countEndedLogin } from "../ops/count-ended-login";
import type { LoginKind, LoginState, LoginTransaction, Prisma } from "../db/generated/client";

export type { LoginState, LoginTransaction };
import type { AuthorizationRequest, LoginHint } from "../oauth/authorization/request";
import { openLoginRequestPart, sealLoginRequestPart } from "../privacy/personal-data";
import type { NewSession } from "./sessions";

export const TRANSITIONS: Readonly<Record<LoginState, readonly LoginState[]>> = {
  started: ["eid_selection", "eid_authenticating", "webhook_post_auth", "consent", "completed", "failed"],
  eid_selection: ["eid_authenticating", "webhook_post_auth", "consent", "completed", "failed"],
  eid_authenticating: ["eid_selection", "webhook_post_auth", "consent", "completed", "failed"],
  webhook_post_auth: ["paused", "consent", "completed", "failed"],
  paused: ["webhook_resume", "failed"],
  webhook_resume: ["consent", "completed", "failed"],
  consent: ["completed", "failed"],
  completed: [],
  failed: [],
};

/** Browser logins must finish within 30 minutes (a webhook pause may take 15 of them). */
export const BROWSER_LOGIN_LIFETIME_S = 30 * 60;

export class IllegalTransitionError extends Error {
  override name = "IllegalTransitionError";
}

/** Another request moved the login first (double submit, two tabs, a second instance). */
export class TransactionConflictError extends Error {
  override name = "TransactionConflictError";
}

export function canTransition(from: LoginState, to: LoginState): boolean {
  return TRANSITIONS[from].includes(to);
}

export type TransactionChanges = Omit<Prisma.LoginTransactionUncheckedUpdateInput, "id" | "state" | "version" | "applicationId">;

export interface TransitionOptions {
  /** Run inside this database transaction (e.g. with the PAR request's consumption). */
  db?: Prisma.TransactionClient;
  /** The person cancelled or declined: the analytics count the failed login as a cancel. */
  isCancel?: boolean;
  /** A new SSO session, written in the same statement as the move (or just before it). */
  session?: NewSession;
}

/**
 * Moves `tx` to `to`, writing `changes` in the same conditional update on (id, state, version).
 * Returns the updated row; with `returning: false` it is not read back (completing a login: its
 * request and claims need not be fetched and parsed again).
 */
export function transition(tx: LoginTransaction, to: LoginState, changes?: TransactionChanges, options?: TransitionOptions): Promise<LoginTransaction>;
export function transition(tx: LoginTransaction, to: LoginState, changes: TransactionChanges, options: TransitionOptions & { returning: false }): Promise<void>;
export async function transition(
  tx: LoginTransaction,
  to: LoginState,
  changes: TransactionChanges = {},
  options: TransitionOptions & { returning?: boolean } = {},
): Promise<LoginTransaction | void> {
  if (!canTransition(tx.state, to)) throw new IllegalTransitionError(`login ${tx.id}: ${tx.state} → ${to} is not allowed`);
  const db = options.db ?? (await prisma());
  const where = { id: tx.id, state: tx.state, version: tx.version };
  // A failed login will issue nothing: the claims it held are cleared as it fails.
  const data = { ...changes, ...(to === "failed" ? { sealedClaims: null } : {}), state: to, version: { increment: 1 } };
  const conflict = () => new TransactionConflictError(`login ${tx.id} changed while moving ${tx.state} → ${to}`);
  // The one move that ends a login counts it, once (a conflicting move threw before).
  const ended = endedLoginOf(tx, to, changes, options.isCancel);
  if (options.returning === false) {
    const plain = options.db ? undefined : plainUpdate(tx, to, data, options.session);
    if (!plain) await options.session?.store();
    const count = plain ? (await (await database()).query<{ n: number }>(plain.sql, plain.params))[0]?.n : (await db.loginTransaction.updateMany({ where, data })).count;
    if (count !== 1) throw conflict();
    if (ended) countEnded(ended);
    return;
  }
  await options.session?.store();
  const updated = (await db.loginTransaction.updateManyAndReturn({ where, data }))[0];
  if (!updated) throw conflict();
  if (ended) countEnded(ended);
  return updated;
}

const COLUMN = /^[A-Za-z]+$/;

/**
 * The conditional update of `transition` as one plain SQL statement (the completion of every
 * login takes this path), with the new SSO session's insert if there is one, or undefined when a
 * change is not a plain value (then the ORM runs it). Column names are the model's field names;
 * `updatedAt` is set as the ORM would.
 */
function plainUpdate(tx: LoginTransaction, to: LoginState, data: Record<string, unknown>, session: NewSession | undefined): { sql: string; params: unknown[] } | undefined {
  const params: unknown[] = [tx.id, tx.state, tx.version, to, new Date().toISOString()];
  const set = [`state = $4::"LoginState"`, `version = version + 1`, `"updatedAt" = ${utcParam("$5")}`];
  for (const [column, value] of Object.entries(data)) {
    if (column === "state" || column === "version" || value === undefined) continue;
    if (!COLUMN.test(column)) return undefined;
    if (value === null) set.push(`"${column}" = NULL`);
    else if (value instanceof Date) {
      params.push(value.toISOString());
      set.push(`"${column}" = ${utcParam(`$${params.length}`)}`);
    } else if (typeof value === "string" || typeof value === "number") {
      params.push(value);
      set.push(`"${column}" = $${params.length}`);
    } else return undefined;
  }
  const moved = `moved AS (UPDATE "LoginTransaction" SET ${set.join(", ")} WHERE id = $1::uuid AND state = $2::"LoginState" AND version = $3::int RETURNING 1)`;
  const started = session ? `, session AS (${session.insertAfter("moved", params)})` : "";
  return { sql: `WITH ${moved}${started} SELECT count(*)::int AS n FROM moved`, params };
}

/** An ended login in the analytics buffer and the metrics (in memory: no write on the login's path). */
function countEnded(ended: EndedLogin): void {
  recordLoginOutcome(ended);
  countEndedLogin(ended);
}

export interface NewTransaction {
  applicationId: string;
  kind: LoginKind;
  state: LoginState;
  request: AuthorizationRequest;
  browserToken?: string;
  acr?: string;
  lifetimeS?: number;
}

/** A login_hint as stored: a hint naming a person (`sub:`, `uuid:`, `mock:`) is sealed whole. */
type StoredLoginHint = LoginHint | { action: LoginHint["action"]; sealed: string };

function storedRequest(id: string, request: AuthorizationRequest): Omit<AuthorizationRequest, "loginHint"> & { loginHint: StoredLoginHint } {
  const hint = request.loginHint;
  if (hint.sub === undefined && hint.uuid === undefined && hint.mock === undefined) return request;
  return { ...request, loginHint: { action: hint.action, sealed: sealLoginRequestPart(id, hint as unknown as Record<string, unknown>) } };
}

const INSERT_LOGIN_SQL = `INSERT INTO "LoginTransaction" (id, "applicationId", kind, state, request, "parRequestId", "browserHash", acr, version, "createdAt", "updatedAt", "expiresAt")
  VALUES ($1::uuid, $2::uuid, $3::"LoginKind", $4::"LoginState", $5::jsonb, $6::uuid, $7, $8, 0, ${utcParam("$9")}, ${utcParam("$9")}, ${utcParam("$10")})`;

/**
 * A new login, inserted with plain SQL (one per login, on the authorize path) and returned as the
 * ORM would have read it back: every other column is null, the version 0.
 */
export async function createTransaction(input: NewTransaction): Promise<LoginTransaction> {
  const id = randomUUID();
  const now = new Date();
  const requestJson = JSON.stringify(storedRequest(id, input.request));
  const row: LoginTransaction = {
    id,
    applicationId: input.applicationId,
    kind: input.kind,
    state: input.state,
    request: JSON.parse(requestJson) as Prisma.JsonValue,
    parRequestId: input.request.parRequestId ?? null,
    browserHash: input.browserToken ? hashToken(input.browserToken) : null,
    acr: input.acr ?? null,
    subject: null,
    authTime: null,
    sessionId: null,
    sealedClaims: null,
    conversationId: null,
    resumeTokenHash: null,
    resumeExpiresAt: null,
    decoupledIdHash: null,
    connectorState: null,
    connectorRef: null,
    pollIntervalS: null,
    lastPolledAt: null,
    error: null,
    errorDescription: null,
    codeHash: null,
    codeExpiresAt: null,
    version: 0,
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + (input.lifetimeS ?? BROWSER_LOGIN_LIFETIME_S) * 1000),
  };
  await (await database()).query(INSERT_LOGIN_SQL, [
    id,
    row.applicationId,
    row.kind,
    row.state,
    requestJson,
    row.parRequestId,
    row.browserHash,
    row.acr,
    now.toISOString(),
    row.expiresAt.toISOString(),
  ]);
  return row;
}

export async function findTransaction(id: string): Promise<LoginTransaction | null> {
  return (await prisma()).loginTransaction.findUnique({ where: { id } });
}

/** The login paused for a webhook's page whose resume token hashes to `resumeTokenHash`. */
export async function findPausedTransaction(resumeTokenHash: string): Promise<LoginTransaction | null> {
  const tx = await (await prisma()).loginTransaction.findUnique({ where: { resumeTokenHash } });
  return tx?.state === "paused" ? tx : null;
}

const TIMESTAMP_COLUMNS = ["authTime", "resumeExpiresAt", "lastPolledAt", "codeExpiresAt", "createdAt", "updatedAt", "expiresAt"] as const;
const PLAIN_COLUMNS = [
  "id", "applicationId", "kind", "state", "request", "parRequestId", "browserHash", "acr", "subject", "sessionId", "sealedClaims", "conversationId",
  "resumeTokenHash", "decoupledIdHash", "connectorState", "connectorRef", "pollIntervalS", "error", "errorDescription", "codeHash", "version",
] as const;
// Timestamps come back as UTC epoch milliseconds (the columns hold UTC without a zone); uuids and enums as text.
const SELECT_LOGIN_SQL = `SELECT ${[
  ...PLAIN_COLUMNS.map((c) => (c === "id" || c === "applicationId" || c === "parRequestId" || c === "sessionId" || c === "kind" || c === "state" ? `"${c}"::text AS "${c}"` : `"${c}"`)),
  ...TIMESTAMP_COLUMNS.map((c) => `${epochMs(`"${c}"`)} AS "${c}"`),
].join(", ")} FROM "LoginTransaction" WHERE id = $1::uuid`;

type LoginRow = Record<(typeof PLAIN_COLUMNS)[number] | (typeof TIMESTAMP_COLUMNS)[number], unknown>;

/** A login by id read with plain SQL (the hosted login's steps read one per request), as the ORM returns it. */
async function selectLogin(id: string): Promise<LoginTransaction | null> {
  const row = (await (await database()).query<LoginRow>(SELECT_LOGIN_SQL, [id]))[0];
  if (!row) return null;
  const date = (value: unknown) => (value === null ? null : new Date(value as number));
  return {
    ...(row as Omit<LoginTransaction, (typeof TIMESTAMP_COLUMNS)[number]>),
    authTime: date(row.authTime),
    resumeExpiresAt: date(row.resumeExpiresAt),
    lastPolledAt: date(row.lastPolledAt),
    codeExpiresAt: date(row.codeExpiresAt),
    createdAt: new Date(row.createdAt as number),
    updatedAt: new Date(row.updatedAt as number),
    expiresAt: new Date(row.expiresAt as number),
  };
}

/** The login `id` if it belongs to this browser and has not expired; otherwise null. */
export async function findBrowserTransaction(id: string, browserToken: string | undefined): Promise<LoginTransaction | null> {
  if (!browserToken || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
  const tx = await selectLogin(id);
  if (!tx || tx.browserHash !== hashToken(browserToken) || tx.expiresAt <= new Date()) return null;
  return tx;
}

export function requestOf(tx: LoginTransaction): AuthorizationRequest {
  const stored = tx.request as unknown as Omit<AuthorizationRequest, "loginHint"> & { loginHint: StoredLoginHint };
  if (!("sealed" in stored.loginHint)) return stored as AuthorizationRequest;
  return { ...stored, loginHint: openLoginRequestPart(tx.id, stored.loginHint.sealed) as unknown as LoginHint };
}
