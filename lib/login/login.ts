/**
 * A login's operations: start a login, move it, read its request. What a move may
 * do and what it means is the state machine's (login-state.ts); the rows are the login store's
 * (login-store.ts); a move that ends a login announces it (login-ended.ts) to whoever counts
 * logins.
 */
import { randomUUID } from "node:crypto";
import { hashToken } from "../crypto/hash";
import type { LoginKind } from "../db/generated/client";
import type { AuthorizationRequest, LoginHint } from "../oauth/authorization/request";
import { openLoginRequestPart, sealLoginRequestPart } from "../privacy/personal-data";
import { announceLoginEnded } from "./login-ended";
import { LoginConflictError, planMove, type Login, type LoginChanges, type LoginState } from "./login-state";
import { insertLogin, writeMove, writeMoveReturning, type MoveOptions } from "./login-store";
import { now } from "../clock";

/** Browser logins must finish within 30 minutes (a webhook pause may take 15 of them). */
export const BROWSER_LOGIN_LIFETIME_S = 30 * 60;

export interface TransitionOptions extends MoveOptions {
  /** The person cancelled or declined: the analytics count the failed login as a cancel. */
  isCancel?: boolean;
}

/**
 * Moves `login` to `to`, writing `changes` in the same conditional update on (id, state, version);
 * throws IllegalTransitionError for a move the state table forbids and LoginConflictError
 * when another request moved the login first. Returns the updated row; with `returning: false`
 * it is not read back (completing a login: its request and claims need not be fetched and parsed
 * again).
 */
export function transition(login: Login, to: LoginState, changes?: LoginChanges, options?: TransitionOptions): Promise<Login>;
export function transition(login: Login, to: LoginState, changes: LoginChanges, options: TransitionOptions & { returning: false }): Promise<void>;
export async function transition(
  login: Login,
  to: LoginState,
  changes: LoginChanges = {},
  options: TransitionOptions & { returning?: boolean } = {},
): Promise<Login | void> {
  const move = planMove(login, to, changes, options.isCancel);
  const conflict = () => new LoginConflictError(`login ${login.id} changed while moving ${login.state} → ${to}`);
  let moved: Login | undefined;
  if (options.returning === false) {
    if (!(await writeMove(move, options))) throw conflict();
  } else {
    moved = (await writeMoveReturning(move, options)) ?? undefined;
    if (!moved) throw conflict();
  }
  // The one move that ends a login announces it, once (a conflicting move threw before).
  if (move.ended) announceLoginEnded(move.ended);
  return moved;
}

export interface NewLogin {
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

/** A new login (one insert, on the authorize path), returned as Prisma would read it back. */
export async function createLogin(input: NewLogin): Promise<Login> {
  const id = randomUUID();
  const createdAt = now();
  return insertLogin({
    id,
    applicationId: input.applicationId,
    kind: input.kind,
    state: input.state,
    requestJson: JSON.stringify(storedRequest(id, input.request)),
    parRequestId: input.request.parRequestId ?? null,
    browserHash: input.browserToken ? hashToken(input.browserToken) : null,
    acr: input.acr ?? null,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + (input.lifetimeS ?? BROWSER_LOGIN_LIFETIME_S) * 1000),
  });
}

export function requestOf(login: Login): AuthorizationRequest {
  const stored = login.request as unknown as Omit<AuthorizationRequest, "loginHint"> & { loginHint: StoredLoginHint };
  if (!("sealed" in stored.loginHint)) return stored as AuthorizationRequest;
  return { ...stored, loginHint: openLoginRequestPart(login.id, stored.loginHint.sealed) as unknown as LoginHint };
}
