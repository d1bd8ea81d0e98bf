/**
 * CIBA ping mode in production tenants (CIBA Core §10.2): the client waits for
 * Porta's ping instead of polling, so Porta asks the eID itself, every check interval, until the
 * login ends (then the client is pinged, complete-decoupled.ts) or expires (ping, expired_token).
 * The loop runs in the instance that accepted the request; the checks it makes are the polls'
 * (advance-upstream.ts), so a client that polls as well never doubles the eID's calls.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { logger } from "../log";
import { findLogin } from "../login/login-store";
import { advanceUpstream } from "./advance-upstream";
import { expireDecoupled } from "./expire-decoupled";
import { notifyClient } from "./notify-client";
import { decoupledRequestOf } from "./request";
import { now } from "../clock";

async function step(loginId: string, client: ApplicationRecord): Promise<boolean> {
  const login = await findLogin(loginId);
  if (!login || login.state !== "eid_authenticating") return false;
  if (login.expiresAt <= now()) {
    if (await expireDecoupled(login, client)) await notifyClient(client, decoupledRequestOf(login));
    return false;
  }
  return (await advanceUpstream(login, client)).kind === "pending";
}

/** Steps that may fail in a row (the database or the eID briefly away) before the loop gives up. */
const MAX_FAILED_STEPS = 5;

/** How often the loop looks at the login; the eID itself is asked only when its interval allows. */
const TICK_MS = 1000;

/**
 * Drives the login `loginId` until it ends; the timers never hold the process open. Should the
 * loop give up, the client's polls still drive the login.
 */
export function driveUntilSettled(loginId: string, client: ApplicationRecord): void {
  let failures = 0;
  const next = () => setTimeout(run, TICK_MS).unref();
  const run = () => {
    step(loginId, client).then(
      (goOn) => {
        failures = 0;
        if (goOn) next();
      },
      (error: unknown) => {
        failures += 1;
        logger.warn({ err: error, loginId, failures }, "driving a ping-mode CIBA login failed");
        if (failures < MAX_FAILED_STEPS) next();
      },
    );
  };
  next();
}
