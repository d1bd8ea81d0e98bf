/**
 * The dashboard's sign-in limit: 10 failed password checks per (email, client IP) and 100 per
 * client IP in 15 minutes, counted in the database so every instance sees the same counts.
 *
 * An attempt takes its point before the password is hashed, in one atomic statement
 * (limit-store.ts takePoint): of any number of concurrent guesses, exactly as many as the limit
 * allows are hashed, and the rest are refused without hashing. A refused attempt and a right
 * password give their point back, so the counts hold the failed checks (and those in progress).
 *
 * There is no account-wide lockout: anyone who knows an admin's email could otherwise keep that
 * admin out with a few guesses every 15 minutes. The IP is counted by its limit key
 * (ip-limit-key.ts: an IPv6 client by its /64).
 */
import { ipLimitKey } from "./ip-limit-key";
import { refundPoints, takePoint, type Counter, type FailureLimit, type TakenPoints } from "./limit-store";

const WINDOW_SECONDS = 15 * 60;

export const SIGN_IN_PAIR_LIMIT: FailureLimit = { name: "sign-in-pair", failures: 10, windowSeconds: WINDOW_SECONDS };
export const SIGN_IN_IP_LIMIT: FailureLimit = { name: "sign-in-ip", failures: 100, windowSeconds: WINDOW_SECONDS };

function signInCounters(email: string, ip: string): Counter[] {
  const key = ipLimitKey(ip);
  return [
    [SIGN_IN_PAIR_LIMIT, email, key],
    [SIGN_IN_IP_LIMIT, key],
  ];
}

/** A sign-in attempt's standing: refused with the seconds to wait, or allowed with the point it holds. */
export type SignInAttempt = { allowed: false; retryAfterSeconds: number } | { allowed: true; point: TakenPoints };

/**
 * Takes a point for one password check of `email` from `ip`. An allowed attempt owes its point:
 * a failed check keeps it, anything else (a right password, a check that never ran) gives it
 * back with refundSignInAttempt.
 */
export async function takeSignInAttempt(email: string, ip: string): Promise<SignInAttempt> {
  const { wait, taken } = await takePoint(signInCounters(email, ip));
  if (wait === 0) return { allowed: true, point: taken };
  await refundPoints(taken);
  return { allowed: false, retryAfterSeconds: wait };
}

/** Gives back the point of an attempt that did not fail. */
export function refundSignInAttempt(point: TakenPoints): Promise<void> {
  return refundPoints(point);
}
