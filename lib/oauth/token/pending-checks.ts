/**
 * What a client authentication still owes its request (`PendingChecks`): the read of the client's
 * abuse-limit counters (lib/abuse/limits.ts) and the record of its assertion's jti (RFC 7523 §3:
 * single use). Authentication itself reads no counters and records nothing, so that the hot paths
 * (code redemption, PAR) settle both in their own statement, one round trip and one commit with
 * their write (a statement built with `pendingChecksSql`, run by `querySettling`). Every other
 * way out of the request settles them with `settlePendingChecks`, in one statement of its own.
 * Either way the outcome is the same:
 * - a blocked client gets 429 whatever else was wrong with its request, and its assertion is not
 *   used up (the owner may still send it from elsewhere);
 * - otherwise the jti is recorded, also when the request is refused, and a replay is 401
 *   invalid_client.
 * An endpoint settles in two places only: its own statement on success, and `settleAfterFailure`
 * in its one catch, which also logs a failed client authentication and counts it against the
 * limits.
 */
import { countClientFailure, refuseIfBlocked, type ClientLimits } from "../../abuse/limits";
import { BLOCKED_ROWS_JSON, blockedCountersSql, blockedCountersValues, type BlockedCountersParam, type BlockedRow } from "../../abuse/limit-store";
import { db } from "../../db/client";
import { defineStatement, type Param, type Statement } from "../../db/statement";
import { insertJtiSql, insertJtiValues, maybePurgeExpiredJtis, type JtiInsertParam, type JtiUse } from "../jti-store";
import { ClientAuthenticationError, logClientAuthenticationFailure, type FailureContext } from "./client-authentication-error";
import { nowMs } from "../../clock";

/** An assertion whose jti was used before (RFC 7523 §3): refused as any failed authentication. */
class ReplayedAssertion extends ClientAuthenticationError {
  constructor(clientId: string | undefined) {
    super("client_assertion jti was already used", clientId);
  }
}

export interface PendingChecks {
  /** The client's abuse-limit counters: none may be exhausted. */
  readonly limits: ClientLimits;
  /** The client assertion's jti, to record as used; none for other methods or an assertion without one. */
  readonly jti: JtiUse | undefined;
  /** The request id and authentication method, for the log line of a refused authentication. */
  readonly log: FailureContext;
  /** Set by this module once a statement settled them; a settled request owes nothing more. */
  settled: boolean;
}

export function pendingChecks(limits: ClientLimits, jti?: JtiUse, log: FailureContext = {}): PendingChecks {
  return { limits, jti, log, settled: false };
}

export type PendingChecksParam = BlockedCountersParam | JtiInsertParam;

/** The output columns of pendingChecksSql, as a statement's row holds them. */
export interface ChecksRow extends Record<string, unknown> {
  blocked: BlockedRow[];
  jtiRecorded: number;
}

export interface ChecksSql {
  /** The CTEs `blocked` (the exhausted counters) and `jti` (the record, only when none is). */
  ctes: string;
  /** An SQL condition: no counter is exhausted and the jti, if any, was fresh. */
  passed: string;
  /** The output columns `blocked` and `jtiRecorded` (ChecksRow). */
  columns: string;
}

/** The checks as parts of a statement; a write that must not happen otherwise is made only if `passed`. */
export function pendingChecksSql(param: Param<PendingChecksParam>): ChecksSql {
  const notBlocked = `NOT EXISTS (SELECT 1 FROM blocked)`;
  return {
    ctes: `blocked AS (
  ${blockedCountersSql(param)}
), jti AS (
  ${insertJtiSql(param, notBlocked)}
)`,
    passed: `${notBlocked} AND (${param("jtiIssuer")}::text IS NULL OR EXISTS (SELECT 1 FROM jti))`,
    columns: `${BLOCKED_ROWS_JSON} AS blocked, (SELECT count(*) FROM jti)::int AS "jtiRecorded"`,
  };
}

/** The values of pendingChecksSql's parameters; a settled request's read nothing and record nothing. */
export function pendingChecksValues(pending: PendingChecks): Record<PendingChecksParam, unknown> {
  const owed = !pending.settled;
  return Object.assign(blockedCountersValues(owed ? pending.limits.counters : undefined, nowMs()), insertJtiValues(owed ? pending.jti : undefined));
}

/**
 * Settles `pending` from the row of the statement that held pendingChecksSql (its parameters from
 * pendingChecksValues): 429 while the client is blocked, 401 invalid_client for a replayed jti.
 */
export function settleWith(pending: PendingChecks, row: ChecksRow): void {
  if (pending.settled) return;
  pending.settled = true;
  refuseIfBlocked(pending.limits, row.blocked);
  if (!pending.jti) return;
  maybePurgeExpiredJtis();
  if (row.jtiRecorded !== 1) throw new ReplayedAssertion(pending.limits.clientId);
}

/**
 * Runs `statement` (built with pendingChecksSql) with its own `values` and those of what `pending`
 * still owes, and settles `pending` from its row (throwing the refusal, see settleWith): the row,
 * when the checks passed.
 */
export async function querySettling<Name extends string, Row extends ChecksRow>(
  statement: Statement<Name | PendingChecksParam>,
  values: Readonly<Record<Name, unknown>>,
  pending: PendingChecks,
): Promise<Row> {
  const rows = await (await db()).query<Row>(statement.text, statement.valuesFrom<Name>(values, pendingChecksValues(pending)));
  const row = rows[0];
  if (!row) throw new Error("a statement settling client checks returned no row");
  settleWith(pending, row);
  return row;
}

const SETTLE = defineStatement<PendingChecksParam>((param) => {
  const checks = pendingChecksSql(param);
  return `WITH ${checks.ctes} SELECT ${checks.columns}`;
});

/** Settles `pending` in a statement of its own (one round trip), unless a statement already did. */
export async function settlePendingChecks(pending: PendingChecks): Promise<void> {
  if (!pending.settled) await querySettling<never, ChecksRow>(SETTLE, {}, pending);
}

/**
 * The answer to a request that failed with `error`: settles what it still owes first, so a blocked
 * client gets 429 instead and a refused request uses its assertion up. A failed client
 * authentication is logged (with the request id) and, unless it was a replay, counted against the
 * client's limits.
 * Use: `catch (error) { throw await settleAfterFailure(pending, error); }`.
 */
export async function settleAfterFailure(pending: PendingChecks, error: unknown): Promise<unknown> {
  let answer = error;
  try {
    await settlePendingChecks(pending);
  } catch (refusal) {
    answer = refusal;
  }
  if (answer instanceof ClientAuthenticationError) {
    logClientAuthenticationFailure(answer, pending.log);
    // A replay presented a validly signed assertion, which no one guessing credentials can: the
    // limits, which stop guessing, do not count it.
    if (!(answer instanceof ReplayedAssertion)) await countClientFailure(pending.limits);
  }
  return answer;
}
