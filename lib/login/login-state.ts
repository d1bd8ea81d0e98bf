/**
 * The login's state machine. Every login (browser, CIBA, headless) moves through these
 * states and no others; a move the table does not allow throws. This module decides what a move
 * means (what it writes besides its state, whether it ends the login) and does no I/O:
 * login-store.ts writes a move as one conditional update on (id, state, version), so two
 * instances or two browser tabs cannot both advance the same login.
 */
import type { Login, LoginState, Prisma } from "../db/generated/client";

export type { Login, LoginState };

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

export class IllegalTransitionError extends Error {
  override name = "IllegalTransitionError";
}

/** Another request moved the login first (double submit, two tabs, a second instance). */
export class LoginConflictError extends Error {
  override name = "LoginConflictError";
}

export function canTransition(from: LoginState, to: LoginState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** What a move writes besides the state and the version (the row's other columns). */
export type LoginChanges = Omit<Prisma.LoginUncheckedUpdateInput, "id" | "state" | "version" | "applicationId">;

export type LoginOutcome = "success" | "cancel" | "error";

/** A login that ended, as the analytics and the metrics count it. */
export interface EndedLogin {
  loginId: string;
  applicationId: string;
  /** The login's eID method; null when it ended before one was chosen. */
  acr: string | null;
  outcome: LoginOutcome;
  /** The OAuth error code the relying party gets (cancel: access_denied); null on success. */
  errorCode: string | null;
  /** When the login was created. */
  startedAt: Date;
  endedAt?: Date;
}

/** One move of a login, decided: the login store writes it. */
export interface LoginMove {
  /** The login as it was read: the move applies only while it is still at this state and version. */
  from: Pick<Login, "id" | "state" | "version">;
  to: LoginState;
  /** What the move writes besides the state and the version. */
  changes: LoginChanges;
  /** The login this move ends (completed or failed), or null while it goes on. */
  ended: EndedLogin | null;
}

/**
 * What the move of `login` to `to` counts: a login that ends (completed or failed), or nothing.
 * `changes` are the move's own (a decoupled login sets its acr as it completes). `isCancel`: the
 * person cancelled or declined, which the analytics count apart from errors.
 */
export function endedLoginOf(login: Login, to: LoginState, changes: { acr?: unknown; error?: unknown }, isCancel = false): EndedLogin | null {
  if (to !== "completed" && to !== "failed") return null;
  const acr = typeof changes.acr === "string" ? changes.acr : login.acr;
  const error = typeof changes.error === "string" ? changes.error : "server_error";
  return {
    loginId: login.id,
    applicationId: login.applicationId,
    acr,
    outcome: to === "completed" ? "success" : isCancel ? "cancel" : "error",
    errorCode: to === "completed" ? null : error,
    startedAt: login.createdAt,
  };
}

/** The move of `login` to `to` writing `changes`; throws IllegalTransitionError when the table forbids it. */
export function planMove(login: Login, to: LoginState, changes: LoginChanges = {}, isCancel = false): LoginMove {
  if (!canTransition(login.state, to)) throw new IllegalTransitionError(`login ${login.id}: ${login.state} → ${to} is not allowed`);
  return {
    from: { id: login.id, state: login.state, version: login.version },
    to,
    // A failed login will issue nothing: the claims it held are cleared as it fails.
    changes: to === "failed" ? { ...changes, sealedClaims: null } : changes,
    ended: endedLoginOf(login, to, changes, isCancel),
  };
}
