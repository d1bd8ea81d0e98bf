/**
 * A refused client authentication answers only "Client authentication failed"; why is in Porta's
 * log. With the server in the test's process, these helpers read that log line.
 */
import { expect, vi } from "vitest";
import { CLIENT_AUTHENTICATION_FAILED } from "../../lib/oauth/token/client-authentication-error";
import { logger } from "../../lib/log";

export { CLIENT_AUTHENTICATION_FAILED };

export interface LoggedFailure {
  reqId?: string;
  clientId?: string;
  method?: string;
  reason: string;
}

export interface ClientAuthFailureLog {
  /** The lines logged since the previous call. */
  takeNew(): LoggedFailure[];
  stop(): void;
}

/**
 * Collects Porta's "client authentication failed" log lines from now until `stop` (other info
 * lines are dropped meanwhile). Call in beforeAll, stop in afterAll.
 */
export function recordClientAuthFailures(): ClientAuthFailureLog {
  const all: LoggedFailure[] = [];
  let taken = 0;
  const spy = vi.spyOn(logger, "info").mockImplementation(((fields: unknown, message?: string) => {
    if (message === "client authentication failed") all.push(fields as LoggedFailure);
  }) as typeof logger.info);
  return {
    takeNew() {
      const fresh = all.slice(taken);
      taken = all.length;
      return fresh;
    },
    stop: () => spy.mockRestore(),
  };
}

/** The answer is the generic 401 invalid_client, and the request logged one line saying why (`reason`). */
export function expectClientAuthFailed(answer: { status: number; body: Record<string, unknown> }, log: ClientAuthFailureLog, reason: RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(401);
  expect(answer.body).toEqual({ error: "invalid_client", error_description: CLIENT_AUTHENTICATION_FAILED });
  const logged = log.takeNew();
  expect(logged, JSON.stringify(logged)).toHaveLength(1);
  expect(logged[0]!.reason).toMatch(reason);
}
