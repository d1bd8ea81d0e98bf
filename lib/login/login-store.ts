/**
 * The login store: the one module that holds the SQL of login rows (table "LoginTransaction"), and of the
 * SSO session a login's completion starts. The statements on every login's path are plain SQL
 * through the connection pool (Database.query): the insert at authorize, the read at each step,
 * and the move that completes the login with its new session, one statement each. What they
 * return is what Prisma reads back. The column lists below are checked against
 * prisma/schema.prisma (login-store.test.ts), so a migration cannot leave them behind unnoticed.
 */
import { hashToken } from "../crypto/hash";
import { db as database, prisma } from "../db/client";
import type { BrowserSession, Login, Prisma } from "../db/generated/client";
import { epochMs, utcParam } from "../db/sql";
import { defineStatement, StatementParams } from "../db/statement";
import type { LoginMove } from "./login-state";
import { now } from "../clock";

/** How a column is written and read: its cast in SQL; timestamps travel as epoch milliseconds. */
export type ColumnKind = "uuid" | "text" | "int" | "json" | "timestamp" | { enum: string };

/** Every column of a login row; the type requires each of Login's, and no other. */
export const LOGIN_COLUMNS = {
  id: "uuid",
  applicationId: "uuid",
  kind: { enum: "LoginKind" },
  state: { enum: "LoginState" },
  request: "json",
  parRequestId: "uuid",
  browserHash: "text",
  acr: "text",
  subject: "text",
  authTime: "timestamp",
  sessionId: "uuid",
  sealedClaims: "text",
  conversationId: "text",
  resumeTokenHash: "text",
  resumeExpiresAt: "timestamp",
  decoupledIdHash: "text",
  connectorState: "text",
  connectorRef: "text",
  pollIntervalS: "int",
  lastPolledAt: "timestamp",
  error: "text",
  errorDescription: "text",
  codeHash: "text",
  codeExpiresAt: "timestamp",
  version: "int",
  createdAt: "timestamp",
  updatedAt: "timestamp",
  expiresAt: "timestamp",
} as const satisfies Record<keyof Login, ColumnKind>;

type LoginColumn = keyof typeof LOGIN_COLUMNS;

/** The columns a new login is inserted with; every other column starts null. */
export const INSERTED_LOGIN_COLUMNS = ["id", "applicationId", "kind", "state", "request", "parRequestId", "browserHash", "acr", "version", "createdAt", "updatedAt", "expiresAt"] as const satisfies readonly LoginColumn[];

/** A new SSO session (BrowserSession) as it is inserted: it has not ended. */
export type SessionRow = Omit<BrowserSession, "endedAt"> & { sealedIdentity: string };

/** The columns of a new session; the type requires each of SessionRow's. */
export const SESSION_COLUMNS = {
  id: "uuid",
  sessionHash: "text",
  tenantId: "uuid",
  subject: "text",
  acr: "text",
  sealedIdentity: "text",
  authTime: "timestamp",
  expiresAt: "timestamp",
  createdAt: "timestamp",
} as const satisfies Record<keyof SessionRow, ColumnKind>;

/** A parameter placeholder as the column's type (timestamps: ISO strings read as UTC, as the columns hold). */
function typed(placeholder: string, kind: ColumnKind): string {
  if (typeof kind === "object") return `${placeholder}::"${kind.enum}"`;
  switch (kind) {
    case "uuid":
      return `${placeholder}::uuid`;
    case "int":
      return `${placeholder}::int`;
    case "json":
      return `${placeholder}::jsonb`;
    case "timestamp":
      return utcParam(placeholder);
    case "text":
      return placeholder;
  }
}

/** A value as its parameter: dates as ISO strings, JSON as its text. */
function param(value: unknown, kind: ColumnKind): unknown {
  if (value instanceof Date) return value.toISOString();
  if (kind === "json" && value !== null) return JSON.stringify(value);
  return value;
}

const LOGIN_ENTRIES = Object.entries(LOGIN_COLUMNS) as [LoginColumn, ColumnKind][];

// Timestamps come back as UTC epoch milliseconds (the columns hold UTC without a zone); uuids and enums as text.
const SELECTED = LOGIN_ENTRIES.map(([column, kind]) =>
  kind === "timestamp" ? `${epochMs(`"${column}"`)} AS "${column}"` : kind === "json" || kind === "text" || kind === "int" ? `"${column}"` : `"${column}"::text AS "${column}"`,
).join(", ");

function selectLoginSql(key: "id" | "resumeTokenHash" | "connectorRef"): string {
  return `SELECT ${SELECTED} FROM "LoginTransaction" WHERE "${key}" = ${typed("$1", LOGIN_COLUMNS[key])}`;
}

export const SELECT_LOGIN_BY_ID_SQL = selectLoginSql("id");
const SELECT_LOGIN_BY_RESUME_SQL = selectLoginSql("resumeTokenHash");
const SELECT_LOGIN_BY_CONNECTOR_REF_SQL = selectLoginSql("connectorRef");

/** A row of the plain select as Prisma returns it: every column, timestamps as dates. */
export function loginOfRow(row: Record<string, unknown>): Login {
  const login: Record<string, unknown> = {};
  for (const [column, kind] of LOGIN_ENTRIES) {
    const value = row[column] ?? null;
    login[column] = kind === "timestamp" && value !== null ? new Date(value as number) : value;
  }
  return login as unknown as Login;
}

async function selectLogin(sql: string, key: string): Promise<Login | null> {
  const row = (await (await database()).query(sql, [key]))[0];
  return row ? loginOfRow(row) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function findLogin(id: string): Promise<Login | null> {
  return UUID.test(id) ? selectLogin(SELECT_LOGIN_BY_ID_SQL, id) : null;
}

/** The login `id` if it belongs to this browser and has not expired; otherwise null. */
export async function findBrowserLogin(id: string, browserToken: string | undefined): Promise<Login | null> {
  if (!browserToken) return null;
  const login = await findLogin(id);
  if (!login || login.browserHash !== hashToken(browserToken) || login.expiresAt <= now()) return null;
  return login;
}

/** The login paused for a webhook's page whose resume token hashes to `resumeTokenHash`. */
export async function findPausedLogin(resumeTokenHash: string): Promise<Login | null> {
  const login = await selectLogin(SELECT_LOGIN_BY_RESUME_SQL, resumeTokenHash);
  return login?.state === "paused" ? login : null;
}

/** The login a redirect-based eID's callback belongs to, by its `state` (stored as a hash). */
export async function findByConnectorRef(ref: string): Promise<Login | null> {
  if (!ref || ref.length > 512) return null;
  return selectLogin(SELECT_LOGIN_BY_CONNECTOR_REF_SQL, hashToken(ref));
}

const INSERT_LOGIN = defineStatement<(typeof INSERTED_LOGIN_COLUMNS)[number]>(
  (param) =>
    `INSERT INTO "LoginTransaction" (${INSERTED_LOGIN_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${INSERTED_LOGIN_COLUMNS.map((c) => typed(param(c), LOGIN_COLUMNS[c])).join(", ")})`,
);
export const INSERT_LOGIN_SQL = INSERT_LOGIN.text;

/** A new login's values; `request` as its JSON text. */
export type NewLoginRow = Pick<Login, "id" | "applicationId" | "kind" | "state" | "parRequestId" | "browserHash" | "acr" | "createdAt" | "expiresAt"> & {
  requestJson: string;
};

/** Inserts a new login (version 0, every other column null) and returns it as Prisma would read it back. */
export async function insertLogin(values: NewLoginRow): Promise<Login> {
  const { requestJson, ...columns } = values;
  const row = Object.fromEntries(LOGIN_ENTRIES.map(([column]) => [column, null])) as Record<LoginColumn, unknown>;
  Object.assign(row, columns, { request: JSON.parse(requestJson) as unknown, version: 0, updatedAt: values.createdAt });
  await (await database()).query(
    INSERT_LOGIN.text,
    INSERT_LOGIN.values(Object.fromEntries(INSERTED_LOGIN_COLUMNS.map((column) => [column, column === "request" ? requestJson : param(row[column], LOGIN_COLUMNS[column])])) as Record<(typeof INSERTED_LOGIN_COLUMNS)[number], unknown>),
  );
  return row as unknown as Login;
}

/** A new SSO session that a statement may write: `take` hands its row over once (then it is written). */
export interface PendingSession {
  take(): SessionRow | undefined;
}

/** The session's insert, its parameters taken from `p`; with `onlyIfRowsIn`, only if that CTE returned a row. */
function insertSessionSql(p: StatementParams, row: SessionRow, onlyIfRowsIn?: string): string {
  const entries = Object.entries(SESSION_COLUMNS) as [keyof SessionRow, ColumnKind][];
  const columns = entries.map(([column]) => `"${column}"`).join(", ");
  const values = entries.map(([column, kind]) => typed(p.add(param(row[column], kind)), kind)).join(", ");
  if (!onlyIfRowsIn) return `INSERT INTO "BrowserSession" (${columns}) VALUES (${values})`;
  return `INSERT INTO "BrowserSession" (${columns}) SELECT ${values} WHERE EXISTS (SELECT 1 FROM ${onlyIfRowsIn})`;
}

export async function insertSession(row: SessionRow): Promise<void> {
  const p = new StatementParams();
  const sql = insertSessionSql(p, row);
  await (await database()).query(sql, p.values);
}

/** Whether `value` can be written to a column of `kind` as a plain parameter (otherwise Prisma writes it). */
function isPlainValue(value: unknown, kind: ColumnKind | undefined): boolean {
  if (value === null) return kind !== undefined;
  switch (kind) {
    case "timestamp":
      return value instanceof Date;
    case "int":
      return Number.isInteger(value);
    case "text":
    case "uuid":
      return typeof value === "string";
    default:
      return false;
  }
}

const MOVE_FIXED = new Set(["id", "applicationId", "state", "version", "updatedAt"]);

/**
 * The move's conditional update as plain SQL (its parameters taken from `p`), or undefined when
 * a change is not a plain value (an operation object, JSON): then Prisma writes it. `updatedAt`
 * is set as Prisma would.
 */
function moveUpdateSql(p: StatementParams, move: LoginMove): string | undefined {
  const set = [`state = ${typed(p.add(move.to), LOGIN_COLUMNS.state)}`, `version = version + 1`, `"updatedAt" = ${typed(p.add(now().toISOString()), "timestamp")}`];
  for (const [column, value] of Object.entries(move.changes)) {
    if (value === undefined) continue;
    const kind = MOVE_FIXED.has(column) ? undefined : (LOGIN_COLUMNS as Record<string, ColumnKind>)[column];
    if (!isPlainValue(value, kind)) return undefined;
    set.push(value === null ? `"${column}" = NULL` : `"${column}" = ${typed(p.add(param(value, kind!)), kind!)}`);
  }
  const { id, state, version } = move.from;
  return `UPDATE "LoginTransaction" SET ${set.join(", ")} WHERE id = ${typed(p.add(id), "uuid")} AND state = ${typed(p.add(state), LOGIN_COLUMNS.state)} AND version = ${typed(p.add(version), "int")}`;
}

export interface MoveOptions {
  /** Write inside this database transaction (e.g. with the PAR request's consumption). */
  db?: Prisma.TransactionClient;
  /** A new SSO session, written in the same statement as the move (or just before it). */
  session?: PendingSession;
}

function movedWhere(move: LoginMove): Prisma.LoginWhereInput {
  return { id: move.from.id, state: move.from.state, version: move.from.version };
}

function movedData(move: LoginMove): Prisma.LoginUncheckedUpdateManyInput {
  return { ...move.changes, state: move.to, version: { increment: 1 } };
}

async function storeSession(session: PendingSession | undefined): Promise<void> {
  const row = session?.take();
  if (row) await insertSession(row);
}

/**
 * Writes `move` if the login is still at the state and version it was read with; false when
 * another request moved it first. Without a database transaction, and with plain values, it is
 * one statement that also inserts the new session, only if the move happened (the completion of
 * every login takes this path).
 */
export async function writeMove(move: LoginMove, options: MoveOptions = {}): Promise<boolean> {
  const p = new StatementParams();
  const update = options.db ? undefined : moveUpdateSql(p, move);
  if (update) {
    const row = options.session?.take();
    const session = row ? `, session AS (${insertSessionSql(p, row, "moved")})` : "";
    const sql = `WITH moved AS (${update} RETURNING 1)${session} SELECT count(*)::int AS n FROM moved`;
    return (await (await database()).query<{ n: number }>(sql, p.values))[0]?.n === 1;
  }
  await storeSession(options.session);
  const client = options.db ?? (await prisma());
  return (await client.login.updateMany({ where: movedWhere(move), data: movedData(move) })).count === 1;
}

/** writeMove, returning the moved row (null when another request moved the login first). */
export async function writeMoveReturning(move: LoginMove, options: MoveOptions = {}): Promise<Login | null> {
  await storeSession(options.session);
  const client = options.db ?? (await prisma());
  return (await client.login.updateManyAndReturn({ where: movedWhere(move), data: movedData(move) }))[0] ?? null;
}

/**
 * Stores an eID connector's state (sealed) and the hash of its upstream `state` on `login`
 * without moving it, conditional on its version; null when another request changed it first.
 */
export async function saveConnectorState(login: Login, connectorState: string | null, connectorRef?: string): Promise<Login | null> {
  const rows = await (await prisma()).login.updateManyAndReturn({
    where: { id: login.id, state: login.state, version: login.version },
    data: { connectorState, ...(connectorRef !== undefined ? { connectorRef } : {}), version: { increment: 1 } },
  });
  return rows[0] ?? null;
}
