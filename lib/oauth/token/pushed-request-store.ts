/**
 * Storing a pushed authorization request (RFC 9126) in one SQL statement (one round trip, one
 * commit) through the connection pool: the PAR endpoint's hot path. The same statement settles
 * what client authentication still owes (pending-checks.ts): it reads the client's abuse-limit
 * counters and stores nothing while one is exhausted, and records the assertion's jti; the request
 * is stored only if the jti was fresh ((issuer, jti) is unique on every instance). Timestamps go in
 * as UTC. The parameters are sealed (a login_hint may be a national id).
 */
import { utcParam } from "../../db/sql";
import { defineStatement } from "../../db/statement";
import { sealPushedParams } from "../../privacy/personal-data";
import { pendingChecksSql, querySettling, type ChecksRow, type PendingChecks, type PendingChecksParam } from "./pending-checks";
import { now } from "../../clock";

export interface NewPushedRequest {
  requestIdHash: string;
  applicationId: string;
  params: Record<string, string>;
  expiresAt: Date;
}

interface StoredRow extends ChecksRow {
  stored: number;
}

type StoreParam = "requestIdHash" | "applicationId" | "params" | "expiresAt" | "now";

const STORE = defineStatement<StoreParam | PendingChecksParam>((param) => {
  const checks = pendingChecksSql(param);
  return `
WITH ${checks.ctes}, par AS (
  INSERT INTO "ParRequest" (id, "requestIdHash", "applicationId", params, "expiresAt", "createdAt")
  SELECT gen_random_uuid(), ${param("requestIdHash")}::text, ${param("applicationId")}::uuid, ${param("params")}::jsonb, ${utcParam(param("expiresAt"))}, ${utcParam(param("now"))}
   WHERE ${checks.passed}
  RETURNING 1
)
SELECT ${checks.columns}, (SELECT count(*) FROM par)::int AS stored`;
});

/**
 * Settles the client checks (429 while the client is blocked, 401 invalid_client for a replayed
 * assertion: then nothing is stored) and stores the request.
 */
export async function storePushedRequest(request: NewPushedRequest, pending: PendingChecks): Promise<void> {
  const row = await querySettling<StoreParam, StoredRow>(
    STORE,
    {
      requestIdHash: request.requestIdHash,
      applicationId: request.applicationId,
      params: JSON.stringify(sealPushedParams(request.requestIdHash, request.params)),
      expiresAt: request.expiresAt.toISOString(),
      now: now().toISOString(),
    },
    pending,
  );
  if (row.stored !== 1) throw new Error("the pushed request was not stored");
}
