/**
 * Porta's abuse limits, counted per client IP (lib/http/client-ip.ts, by its limit key:
 * ip-limit-key.ts) in the database, so they hold across instances:
 *
 * - client authentication (token, PAR, CIBA, headless, registration management): from the 21st
 *   failure of one (client_id, IP) pair in 60 s, and from the 101st failure of one IP over all
 *   clients in 60 s, that pair or IP gets 429 whatever its credentials, so a right guess reads
 *   like a wrong one. Other pairs go on: knowing a client_id does not let anyone lock its owner
 *   out. An unknown client_id counts for the IP (and for a pair nobody uses). On the hot paths
 *   (PAR, code redemption) the check is one more condition of the request's own statement
 *   (DeferredClientBlock), and every other way out of the request checks before it answers;
 * - dashboard sign-in: its own file, sign-in-limit.ts;
 * - new logins (authorize) per IP and minute: RATE_LIMIT_LOGINS_PER_MINUTE, off when unset.
 */
import { config } from "../config";
import { OAuthError } from "../oauth/errors";
import { ipLimitKey } from "./ip-limit-key";
import { countAttempt, counterKeys, countFailure, secondsBlocked, secondsLeft, type BlockedRow, type Counter, type CounterKeys, type FailureLimit } from "./limit-store";

const MINUTE = 60;

export const CLIENT_PAIR_LIMIT: FailureLimit = { name: "client-auth-pair", failures: 20, windowSeconds: MINUTE };
export const CLIENT_IP_LIMIT: FailureLimit = { name: "client-auth-ip", failures: 100, windowSeconds: MINUTE };

function clientCounters(clientId: string | undefined, clientIp: string): Counter[] {
  const ip = ipLimitKey(clientIp);
  return clientId ? [[CLIENT_PAIR_LIMIT, clientId, ip], [CLIENT_IP_LIMIT, ip]] : [[CLIENT_IP_LIMIT, ip]];
}

function clientBlocked(wait: number): OAuthError {
  return new OAuthError("invalid_client", "Too many failed client authentications: try again later", {
    status: 429,
    headers: { "Retry-After": String(wait) },
  });
}

/** Throws 429 invalid_client (with Retry-After) while the pair or the IP is over its limit. */
export async function refuseBlockedClient(clientId: string | undefined, ip: string): Promise<void> {
  const wait = await secondsBlocked(counterKeys(clientCounters(clientId, ip)));
  if (wait > 0) throw clientBlocked(wait);
}

/**
 * A client's abuse-limit check left to the request's own statement, saving the read's round trip
 * on the hot paths. The statement holds blockedCountersSql over `counters` as a CTE, writes
 * nothing when it selects a row, and hands the rows to `settle`. Every way out of the request that
 * does not reach the statement goes through `refuseIfBlocked` first (withClientBlockCheck), so a
 * blocked client still gets 429 whatever its credentials or its request: a right guess reads
 * like a wrong one.
 */
export class DeferredClientBlock {
  readonly counters: CounterKeys;
  private settled = false;

  constructor(clientId: string | undefined, ip: string) {
    this.counters = counterKeys(clientCounters(clientId, ip));
  }

  /** The statement read `blocked` (its blockedCountersSql rows): 429 if there is any. */
  settle(blocked: readonly BlockedRow[]): void {
    this.settled = true;
    const wait = secondsLeft(this.counters, blocked, Date.now());
    if (wait > 0) throw clientBlocked(wait);
  }

  /** Checks now, unless the statement did: 429 while blocked. */
  async refuseIfBlocked(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    const wait = await secondsBlocked(this.counters);
    if (wait > 0) throw clientBlocked(wait);
  }
}

/** The parameters of blockedCountersSql for `check`; without one, null arrays that select nothing. */
export function blockCheckParams(check: DeferredClientBlock | undefined): [string[] | null, number[] | null] {
  return check ? [check.counters.keys, check.counters.failures] : [null, null];
}

/** Runs `body`; if it fails before its statement settled `check`, a blocked client gets 429 instead. */
export async function withClientBlockCheck<T>(check: DeferredClientBlock | undefined, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    await check?.refuseIfBlocked();
    throw error;
  }
}

export function countClientFailure(clientId: string | undefined, ip: string): Promise<void> {
  return countFailure(clientCounters(clientId, ip));
}

/** Counts a new login from `ip`; the seconds to wait when it is over the limit, else 0. */
export async function countNewLogin(ip: string): Promise<number> {
  const perMinute = config().loginsPerMinute;
  if (perMinute === undefined) return 0;
  return countAttempt([{ name: "logins-ip", failures: perMinute, windowSeconds: MINUTE }, ipLimitKey(ip)]);
}
