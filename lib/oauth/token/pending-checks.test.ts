import { describe, expect, it } from "vitest";
import { clientLimits } from "../../abuse/limits";
import { defineStatement } from "../../db/statement";
import { OAuthError } from "../errors";
import { ClientAuthenticationError } from "./client-authentication-error";
import { pendingChecks, pendingChecksSql, pendingChecksValues, settleWith, type PendingChecks, type PendingChecksParam } from "./pending-checks";

const JTI = { issuer: "assertion:rp-1", jti: "j-1", expiresAt: new Date("2030-01-01T00:00:00Z") };

function owed(withJti = true): PendingChecks {
  return pendingChecks(clientLimits("rp-1", "203.0.113.9"), withJti ? JTI : undefined, { requestId: "r1", method: "private_key_jwt" });
}

/** The row of the statement's checks: the pair's counter exhausted for `secondsLeft`, or none. */
function row(pending: PendingChecks, { blockedFor, jtiRecorded }: { blockedFor?: number; jtiRecorded: number }) {
  const pairKey = pending.limits.counters.keys[0]!;
  const blocked = blockedFor === undefined ? [] : [{ key: pairKey, points: 20, expireMs: Date.now() + blockedFor * 1000 }];
  return { blocked, jtiRecorded };
}

function refusalOf(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("settleWith (the outcome of the statement that held the checks)", () => {
  it("no exhausted counter and a fresh jti: nothing refused, and nothing more is owed", () => {
    const pending = owed();
    settleWith(pending, row(pending, { jtiRecorded: 1 }));
    expect(pending.settled).toBe(true);
  });

  it("an exhausted counter of the client's → 429 invalid_client with Retry-After, even where the jti was not recorded", () => {
    const pending = owed();
    const refusal = refusalOf(() => settleWith(pending, row(pending, { blockedFor: 42, jtiRecorded: 0 })));
    expect(refusal).toBeInstanceOf(OAuthError);
    expect(refusal).not.toBeInstanceOf(ClientAuthenticationError);
    const error = refusal as OAuthError;
    expect([error.code, error.status]).toEqual(["invalid_client", 429]);
    expect(Number(error.headers["Retry-After"])).toBeGreaterThanOrEqual(41);
    expect(Number(error.headers["Retry-After"])).toBeLessThanOrEqual(42);
    expect(pending.settled).toBe(true);
  });

  it("a jti the statement found used → the generic 401 invalid_client, its reason a replay", () => {
    const pending = owed();
    const refusal = refusalOf(() => settleWith(pending, row(pending, { jtiRecorded: 0 })));
    expect(refusal).toBeInstanceOf(ClientAuthenticationError);
    expect((refusal as ClientAuthenticationError).reason).toMatch(/jti was already used/);
    expect((refusal as ClientAuthenticationError).status).toBe(401);
  });

  it("without a jti, nothing recorded is no replay", () => {
    const pending = owed(false);
    settleWith(pending, row(pending, { jtiRecorded: 0 }));
    expect(pending.settled).toBe(true);
  });

  it("settled once, a later statement's outcome refuses nothing, and its values read and record nothing", () => {
    const pending = owed();
    settleWith(pending, row(pending, { jtiRecorded: 1 }));
    expect(refusalOf(() => settleWith(pending, row(pending, { blockedFor: 30, jtiRecorded: 0 })))).toBeUndefined();
    expect(pendingChecksValues(pending)).toMatchObject({ limitKeys: null, limitFailures: null, jtiIssuer: null, jti: null, jtiExpiresAt: null });
  });
});

describe("pendingChecksSql in a statement", () => {
  it("its parameters are numbered by the statement, and the values follow them", () => {
    const statement = defineStatement<PendingChecksParam | "mine">((param) => {
      const checks = pendingChecksSql(param);
      return `WITH ${checks.ctes} SELECT ${param("mine")}, ${checks.columns} WHERE ${checks.passed}`;
    });
    const numbers = [...new Set(statement.text.match(/\$\d+/g))].sort();
    expect(numbers).toEqual(["$1", "$2", "$3", "$4", "$5", "$6", "$7"]);
    const pending = owed();
    const values = statement.values({ ...pendingChecksValues(pending), mine: "x" });
    expect(values).toHaveLength(7);
    expect(values).toEqual(expect.arrayContaining([pending.limits.counters.keys, pending.limits.counters.failures, JTI.issuer, JTI.jti, JTI.expiresAt.toISOString(), "x"]));
  });
});
