/**
 * Storing a pushed authorization request (RFC 9126) together with the client assertion's jti, in
 * one SQL statement (one round trip, one commit) through the connection pool: the PAR endpoint's
 * hot path. The request is stored only if the jti was fresh; (issuer, jti) is unique on every
 * instance. Timestamps go in as UTC. The parameters are sealed (a login_hint may be a national id).
 */
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

interface StoredRow extends Record<string, unknown> {
  jtiRecorded: number;
  stored: number;
}


const STORE_SQL = `
WITH jti AS (
  INSERT INTO "SeenJti" (issuer, jti, "expiresAt")
  SELECT $1::text, $2::text, ${utcParam("$3")} WHERE $1::text IS NOT NULL
  ON CONFLICT DO NOTHING RETURNING 1
), par AS (
  INSERT INTO "ParRequest" (id, "requestIdHash", "applicationId", params, "expiresAt", "createdAt")
  SELECT gen_random_uuid(), $4::text, $5::uuid, $6::jsonb, ${utcParam("$7")}, ${utcParam("$8")}
   WHERE $1::text IS NULL OR EXISTS (SELECT 1 FROM jti)
  RETURNING 1
)
SELECT (SELECT count(*) FROM jti)::int AS "jtiRecorded", (SELECT count(*) FROM par)::int AS stored`;

/** False when the assertion's jti was seen before (then nothing was stored). */
export async function storePushedRequest(request: NewPushedRequest, jti: JtiUse | undefined): Promise<boolean> {
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
    ],
  );
  const row = rows[0];
  if (!row || row.stored !== 1) {
    if (jti && row?.jtiRecorded !== 1) return false;
    throw new Error("the pushed request was not stored");
  }
  return true;
}
