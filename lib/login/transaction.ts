/**
 * The login transaction state machine (design.md §2). Every login (browser, CIBA, headless) moves
 * through these states; each move is a conditional update on (id, state, version), so two
 * instances or two browser tabs cannot both advance the same login.
 */
import { hashToken } from "../crypto/hash";
import { prisma } from "../db/client";
import type { LoginKind, LoginState, LoginTransaction, Prisma } from "../db/generated/client";
import type { AuthorizationRequest } from "../oauth/authorization/request";

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

/** Moves `tx` to `to`, writing `changes` in the same conditional update. */
export async function transition(
  tx: LoginTransaction,
  to: LoginState,
  changes: TransactionChanges = {},
  client?: Prisma.TransactionClient,
): Promise<LoginTransaction> {
  if (!canTransition(tx.state, to)) throw new IllegalTransitionError(`login ${tx.id}: ${tx.state} → ${to} is not allowed`);
  const db = client ?? (await prisma());
  const result = await db.loginTransaction.updateManyAndReturn({
    where: { id: tx.id, state: tx.state, version: tx.version },
    data: { ...changes, state: to, version: { increment: 1 } },
  });
  const updated = result[0];
  if (!updated) throw new TransactionConflictError(`login ${tx.id} changed while moving ${tx.state} → ${to}`);
  return updated;
}

/**
 * The same conditional move as `transition`, for callers that do not need the updated row back
 * (completing a login): the row, with its request and claims, is not read back and parsed.
 */
export async function advance(
  tx: LoginTransaction,
  to: LoginState,
  changes: TransactionChanges = {},
  client?: Prisma.TransactionClient,
): Promise<void> {
  if (!canTransition(tx.state, to)) throw new IllegalTransitionError(`login ${tx.id}: ${tx.state} → ${to} is not allowed`);
  const db = client ?? (await prisma());
  const result = await db.loginTransaction.updateMany({
    where: { id: tx.id, state: tx.state, version: tx.version },
    data: { ...changes, state: to, version: { increment: 1 } },
  });
  if (result.count !== 1) throw new TransactionConflictError(`login ${tx.id} changed while moving ${tx.state} → ${to}`);
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

export async function createTransaction(input: NewTransaction): Promise<LoginTransaction> {
  const db = await prisma();
  return db.loginTransaction.create({
    data: {
      applicationId: input.applicationId,
      kind: input.kind,
      state: input.state,
      request: input.request as unknown as Prisma.InputJsonValue,
      browserHash: input.browserToken ? hashToken(input.browserToken) : null,
      acr: input.acr ?? null,
      parRequestId: input.request.parRequestId ?? null,
      expiresAt: new Date(Date.now() + (input.lifetimeS ?? BROWSER_LOGIN_LIFETIME_S) * 1000),
    },
  });
}

/** The login `id` if it belongs to this browser and has not expired; otherwise null. */
export async function findBrowserTransaction(id: string, browserToken: string | undefined): Promise<LoginTransaction | null> {
  if (!browserToken || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const tx = await (await prisma()).loginTransaction.findUnique({ where: { id } });
  if (!tx || tx.browserHash !== hashToken(browserToken) || tx.expiresAt <= new Date()) return null;
  return tx;
}

export function requestOf(tx: LoginTransaction): AuthorizationRequest {
  return tx.request as unknown as AuthorizationRequest;
}
