/**
 * Moves a production decoupled login on by asking its eID (BankID's collect, an upstream provider's
 * CIBA token request), as the relying party's
 * polls (poll.ts) and, in ping mode, Porta's own driver (drive-ping.ts) call for it.
 *
 * At most one check runs per login per the connector's interval, across instances: a check is
 * claimed by a conditional update on the login's version that moves `nextCheckAt` to the end of
 * the call's time limit; a poll that loses the claim, or comes before `nextCheckAt`, answers from
 * what the login already knows. The outcome ends the login as its eID says: the person → the
 * webhook and the completed login; a failure → access_denied, expired_token or server_error.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { prisma } from "../db/client";
import type { Login } from "../db/generated/client";
import { methodOrThrow } from "../eid/catalogue";
import { EidFailure } from "../eid/connector";
import type { DecoupledConnector, DecoupledView } from "../eid/decoupled-connector";
import { logger } from "../log";
import { LoginConflictError } from "../login/login-state";
import { OAuthError } from "../oauth/errors";
import { completeDecoupled, failDecoupled } from "./complete-decoupled";
import { decoupledRequestOf } from "./request";
import { decoupledConnectorFor, decoupledErrorOf, openUpstream, sealUpstream, type UpstreamRecord } from "./upstream";
import { nowMs } from "../clock";

/** Slack past a call's time limit before another instance may take over a claimed check. */
const LEASE_SLACK_MS = 2000;

export type UpstreamProgress = { kind: "pending"; view: DecoupledView } | { kind: "settled" };

/** Writes `record` on the login if it is still at `login`'s version; the updated row, or null. */
async function writeRecord(login: Login, record: UpstreamRecord): Promise<Login | null> {
  const rows = await (await prisma()).login.updateManyAndReturn({
    where: { id: login.id, state: "eid_authenticating", version: login.version },
    data: { connectorState: sealUpstream(login.id, record), version: { increment: 1 } },
  });
  return rows[0] ?? null;
}

async function settle(finish: () => Promise<void>): Promise<UpstreamProgress> {
  try {
    await finish();
  } catch (error) {
    // Another request ended the login first (it expired meanwhile): its outcome stands.
    if (!(error instanceof LoginConflictError)) throw error;
  }
  return { kind: "settled" };
}

async function checkClaimed(login: Login, client: ApplicationRecord, connector: DecoupledConnector, record: UpstreamRecord): Promise<UpstreamProgress> {
  const method = methodOrThrow(decoupledRequestOf(login).acr);
  const outcome = await connector.check(method, record.state);
  switch (outcome.kind) {
    case "pending": {
      const now = nowMs();
      await writeRecord(login, { state: outcome.state, nextCheckAt: now + connector.nextCheckInMs(outcome.state) });
      return { kind: "pending", view: connector.view(outcome.state, now) };
    }
    case "complete":
      return settle(() => completeDecoupled(login, client, outcome.result));
    case "failed":
      logger.info({ loginId: login.id, reason: outcome.failure.reason, detail: outcome.failure.detail }, "decoupled eID login failed");
      return settle(() => failDecoupled(login, client, decoupledErrorOf(outcome.failure), outcome.failure.description, outcome.failure.reason === "cancelled"));
  }
}

/**
 * One step of a production decoupled login in eid_authenticating whose record `openUpstream`
 * finds. `mayAsk` false (a poll that came too soon): only what the login already knows.
 */
export async function advanceUpstream(login: Login, client: ApplicationRecord, mayAsk = true): Promise<UpstreamProgress> {
  const record = openUpstream(login);
  if (!record) throw new Error(`login ${login.id} has no eID to ask`);
  const request = decoupledRequestOf(login);
  let connector: DecoupledConnector;
  try {
    connector = await decoupledConnectorFor(client.tenantId, methodOrThrow(request.acr), request.kind);
  } catch (error) {
    // The connection was removed or changed since the login began.
    if (!(error instanceof OAuthError)) throw error;
    const failure = error instanceof EidFailure ? error : new EidFailure("server_error", "misconfigured", error.description);
    return settle(() => failDecoupled(login, client, "server_error", failure.description));
  }
  const now = nowMs();
  if (!mayAsk || now < record.nextCheckAt) return { kind: "pending", view: connector.view(record.state, now) };
  const claimed = await writeRecord(login, { ...record, nextCheckAt: now + connector.callTimeoutMs + LEASE_SLACK_MS });
  if (!claimed) return { kind: "pending", view: connector.view(record.state, now) };
  return checkClaimed(claimed, client, connector, record);
}

/** Lets the eID release a login that expired (best effort: the order also expires there). */
export async function cancelUpstream(login: Login, client: ApplicationRecord): Promise<void> {
  const record = openUpstream(login);
  if (!record) return;
  try {
    const request = decoupledRequestOf(login);
    await (await decoupledConnectorFor(client.tenantId, methodOrThrow(request.acr), request.kind)).cancel(record.state);
  } catch (error) {
    logger.info({ err: error, loginId: login.id }, "could not cancel the eID order of an expired decoupled login");
  }
}
