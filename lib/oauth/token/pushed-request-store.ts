/**
 * Storing a pushed authorization request (RFC 9126) together with the client assertion's jti, in
 * one SQL statement (one round trip, one commit) through the connection pool: the PAR endpoint's
 * hot path. The request is stored only if the jti was fresh; (issuer, jti) is unique on every
 * instance. The same statement reads the client's abuse-limit counters (DeferredClientBlock) and
 * stores nothing while one is exhausted. Timestamps go in as UTC. The parameters are sealed (a
 * login_hint may be a national id).
 */
import { BLOCKED_ROWS_JSON, blockedCountersSql, type BlockedRow } from "../../abuse/limit-store";
import { blockCheckParams, type DeferredClientBlock } from "../../abuse/limits";
import { db } from "../../db/client";
import { utcParam } from "../../db/sql";
import { sealPushedParams } from "../../privacy/personal-data";
import type { JtiUse } from "../jti-store";

export interface NewPushedRequest {
  requestIdHash: string;
  applicationId: string;
  params: Record<string, string>;
  expiresAt: Date;
}

export interface StoreOutcome {
  /** False when the assertion's jti was seen before (then nothing was stored). */
  jtiFresh: boolean;
  /** The client's exhausted abuse-limit counters (then nothing was stored). */
  blocked: BlockedRow[];
}

interface StoredRow extends Record<string, unknown> {
  blocked: BlockedRow[];
  jtiRecorded: number;
  stored: number;
}

const STORE_SQL = `
WITH blocked AS (
  ${blockedCountersSql("$9", "$10", "$8")}
), jti AS (
  INSERT INTO "SeenJti" (issuer, jti, "expiresAt")
  SELECT $1::text, $2::text, ${utcParam("$3")} WHERE $1::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM blocked)
  ON CONFLICT DO NOTHING RETURNING 1
), par AS (
  INSERT INTO "ParRequest" (id, "requestIdHash", "applicationId", params, "expiresAt", "createdAt")
  SELECT gen_random_uuid(), $4::text, $5::uuid, $6::jsonb, ${utcParam("$7")}, ${utcParam("$8")}
   WHERE NOT EXISTS (SELECT 1 FROM blocked) AND ($1::text IS NULL OR EXISTS (SELECT 1 FROM jti))
  RETURNING 1
)
SELECT ${BLOCKED_ROWS_JSON} AS blocked,
       (SELECT count(*) FROM jti)::int AS "jtiRecorded", (SELECT count(*) FROM par)::int AS stored`;

/** Stores the request unless the client is blocked or the assertion's jti was seen before. */
export async function storePushedRequest(request: NewPushedRequest, jti: JtiUse | undefined, block: DeferredClientBlock | undefined): Promise<StoreOutcome> {
  const rows = await (await db()).query<StoredRow>(
    STORE_SQL,
    [
      jti?.issuer ?? null,
      jti?.jti ?? null,
      jti?.expiresAt.toISOString() ?? null,
      request.requestIdHash,
      request.applicationId,
      JSON.stringify(sealPushedParams(request.requestIdHash, request.params)),
      request.expiresAt.toISOString(),
      new Date().toISOString(),
      ...blockCheckParams(block),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error("the pushed request statement returned no row");
  if (row.stored !== 1 && row.blocked.length === 0 && !(jti && row.jtiRecorded !== 1)) throw new Error("the pushed request was not stored");
  return { jtiFresh: !jti || row.jtiRecorded === 1, blocked: row.blocked };
}
