/**
 * Porta's abuse limits, counted per client IP (lib/http/client-ip.ts, by its limit key:
 * ip-limit-key.ts) in the database, so they hold across instances:
 *
 * - client authentication (token, PAR, CIBA, headless, registration management): from the 21st
 *   failure of one (client_id, IP) pair in 60 s, and from the 101st failure of one IP over all
 *   clients in 60 s, that pair or IP gets 429 whatever its credentials, so a right guess reads
 *   like a wrong one. Other pairs go on: knowing a client_id does not let anyone lock its owner
 *   out. An unknown client_id counts for the IP (and for a pair nobody uses). Client
 *   authentication names the counters (`clientLimits`); the request reads them with the rest of
 *   what it still owes (lib/oauth/token/pending-checks.ts) and `refuseIfBlocked` answers;
 * - dashboard sign-in: its own file, sign-in-limit.ts;
 * - new logins (authorize) per IP and minute: RATE_LIMIT_LOGINS_PER_MINUTE (300 unless set, off with 0).
 */
import { config } from "../config";
import { nowMs } from "../clock";
import { OAuthError } from "../oauth/errors";
import { ipLimitKey } from "./ip-limit-key";
import { countAttempt, counterKeys, countFailure, secondsLeft, type BlockedRow, type Counter, type CounterKeys, type FailureLimit } from "./limit-store";

const MINUTE = 60;

export const CLIENT_PAIR_LIMIT: FailureLimit = { name: "client-auth-pair", failures: 20, windowSeconds: MINUTE };
export const CLIENT_IP_LIMIT: FailureLimit = { name: "client-auth-ip", failures: 100, windowSeconds: MINUTE };

/** The counters a client authentication is limited by: its (client_id, IP) pair and its IP. */
export interface ClientLimits {
  /** The client_id the request claims, if it names one. */
  readonly clientId: string | undefined;
  readonly ip: string;
  readonly counters: CounterKeys;
}

export function clientLimits(clientId: string | undefined, clientIp: string): ClientLimits {
  const ip = ipLimitKey(clientIp);
  const counters: Counter[] = clientId ? [[CLIENT_PAIR_LIMIT, clientId, ip], [CLIENT_IP_LIMIT, ip]] : [[CLIENT_IP_LIMIT, ip]];
  return { clientId, ip, counters: counterKeys(counters) };
}

/**
 * Throws 429 invalid_client (with Retry-After) when the counters read as exhausted (`blocked`,
 * rows of blockedCountersSql over `limits.counters`) are any of this client's.
 */
export function refuseIfBlocked(limits: ClientLimits, blocked: readonly BlockedRow[]): void {
  const wait = secondsLeft(limits.counters, blocked, nowMs());
  if (wait > 0) {
    throw new OAuthError("invalid_client", "Too many failed client authentications: try again later", {
      status: 429,
      headers: { "Retry-After": String(wait) },
    });
  }
}

export function countClientFailure(limits: ClientLimits): Promise<void> {
  return countFailure(limits.counters.counters);
}

/** Counts a new login from `ip`; the seconds to wait when it is over the limit, else 0. */
export async function countNewLogin(ip: string): Promise<number> {
  const perMinute = config().loginsPerMinute;
  if (perMinute === undefined) return 0;
  return countAttempt([{ name: "logins-ip", failures: perMinute, windowSeconds: MINUTE }, ipLimitKey(ip)]);
}
