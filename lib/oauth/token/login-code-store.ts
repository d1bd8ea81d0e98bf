/**
 * A login's code redemption as one SQL statement through the connection pool (one round trip,
 * one commit): the token endpoint's hot path, where the ORM's per-query work cost more than the
 * query (docs/performance.md). It serves every kind of login: a browser login's authorization
 * code and a decoupled login's request id are both kept on the completed login (`codeHash`,
 * `codeExpiresAt`). Its column lists are spelled out, and rows are mapped to typed values here.
 * The integration tests run it on PGlite and PostgreSQL.
 *
 * The login's claims are sealed to the login (`login-claims:<id>`, lib/privacy/personal-data.ts)
 * and stay there: userinfo reads them through the access token's unique `loginId`, and the sweeper
 * clears them once that token expired or was revoked (lib/retention/sweep.ts).
 *
 * The same statement settles what client authentication still owes (pending-checks.ts): it reads
 * the client's abuse-limit counters (while one is exhausted it records and inserts nothing) and
 * records the assertion's jti, so a refused redemption uses the assertion up too.
 *
 * Timestamps cross the boundary as UTC: epoch milliseconds out, ISO strings cast to UTC in.
 */
import { epochMs, utcParam } from "../../db/sql";
import { defineStatement } from "../../db/statement";
import type { LoginKind } from "../../db/generated/client";
import { openLoginClaims } from "../../privacy/personal-data";
import { pendingChecksSql, querySettling, type ChecksRow, type PendingChecks, type PendingChecksParam } from "./pending-checks";

/**
 * What redemption reads of a login's stored request: a browser login's authorization request
 * (redirect_uri, PKCE challenge) or a decoupled login's request (neither).
 */
export interface RedeemedRequest {
  scopes: string[];
  nonce?: string;
  redirectUri?: string;
  codeChallenge?: string;
}

/** The completed login that holds a code: what redemption checks and what the tokens carry. */
export interface CodeHolder {
  id: string;
  applicationId: string;
  codeExpiresAt: Date;
  request: RedeemedRequest;
  subject: string;
  acr: string;
  authTime: Date;
  sessionId: string | null;
  claims: Record<string, unknown>;
}

/**
 * The redemption's request. The access token is inserted only if every one of these holds for the
 * stored code (the same checks the callers explain a refusal with, on the same values, so both
 * agree): the kind of login, the client, the expiry at `now`, the redirect_uri, and PKCE. A
 * decoupled login has no redirect_uri and no challenge, so it passes only with neither sent.
 */
export interface RedemptionAttempt {
  /** Only a login of this kind holds the code: an auth_req_id is no authorization code. */
  kind: LoginKind;
  codeHash: string;
  applicationId: string;
  /** The code grant's redirect_uri; null for a decoupled login, whose request has none. */
  redirectUri: string | null;
  /** Whether the request carried a code_verifier at all. */
  verifierSent: boolean;
  /** S256 of a well-formed code_verifier; null when none was sent or it was malformed. */
  computedChallenge: string | null;
  now: Date;
  /** What client authentication still owes: settled by this statement. */
  pending: PendingChecks;
  accessToken: { tokenHash: string; expiresAt: Date };
}

/** A redemption whose client checks passed (otherwise redeemLoginCode throws their refusal). */
export interface RedemptionOutcome {
  /** The login holding the code; null for an unknown code. */
  holder: CodeHolder | null;
  /** True when this request inserted the login's access token. */
  issued: boolean;
  /** True when the login already had its access token: the code was redeemed before. */
  usedBefore: boolean;
}

interface OutcomeRow extends ChecksRow {
  id: string | null;
  applicationId: string | null;
  codeExpiresAtMs: number | null;
  request: RedeemedRequest | null;
  subject: string | null;
  acr: string | null;
  authTimeMs: number | null;
  sessionId: string | null;
  sealedClaims: string | null;
  usedBefore: boolean | null;
  issued: number;
}

type RedeemParam = "codeHash" | "kind" | "applicationId" | "now" | "redirectUri" | "verifierSent" | "computedChallenge" | "tokenHash" | "tokenExpiresAt";

const REDEEM = defineStatement<RedeemParam | PendingChecksParam>((param) => {
  const checks = pendingChecksSql(param);
  return `
WITH ${checks.ctes}, holder AS (
  SELECT id, "applicationId", "codeExpiresAt", request, subject, acr, "authTime", "sessionId", "sealedClaims"
    FROM "LoginTransaction" WHERE "codeHash" = ${param("codeHash")} AND state = 'completed' AND kind = ${param("kind")}::"LoginKind"
), used AS (
  SELECT 1 FROM "AccessToken" WHERE "loginId" = (SELECT id FROM holder)
), token AS (
  INSERT INTO "AccessToken" (id, "tokenHash", "applicationId", "loginId", subject, scope, "expiresAt", "createdAt")
  SELECT gen_random_uuid(), ${param("tokenHash")}::text, h."applicationId", h.id, h.subject,
         array_to_string(ARRAY(SELECT jsonb_array_elements_text(h.request->'scopes')), ' '),
         ${utcParam(param("tokenExpiresAt"))}, ${utcParam(param("now"))}
    FROM holder h
   WHERE h."applicationId" = ${param("applicationId")}::uuid
     AND h."codeExpiresAt" > ${utcParam(param("now"))}
     AND h.subject IS NOT NULL AND h.acr IS NOT NULL AND h."authTime" IS NOT NULL
     AND h.request->>'redirectUri' IS NOT DISTINCT FROM ${param("redirectUri")}::text
     AND CASE WHEN h.request->>'codeChallenge' IS NULL THEN NOT ${param("verifierSent")}::boolean
              ELSE h.request->>'codeChallenge' = ${param("computedChallenge")}::text END
     AND ${checks.passed}
  ON CONFLICT DO NOTHING RETURNING 1
)
SELECT h.id::text AS id, h."applicationId"::text AS "applicationId", ${epochMs('h."codeExpiresAt"')} AS "codeExpiresAtMs",
       h.request, h.subject, h.acr, ${epochMs('h."authTime"')} AS "authTimeMs", h."sessionId"::text AS "sessionId", h."sealedClaims",
       EXISTS (SELECT 1 FROM used) AS "usedBefore",
       ${checks.columns}, (SELECT count(*) FROM token)::int AS issued
  FROM (SELECT 1) AS one LEFT JOIN holder h ON true`;
});

/**
 * Settles the client checks (a blocked client records and inserts nothing and gets 429; otherwise
 * the assertion's jti is recorded whatever becomes of the code, and a replay is refused) and, if
 * they passed and the code passes every check, inserts the login's one access token. The unique
 * keys decide on every instance: (issuer, jti) for the assertion, loginId for the code; a
 * concurrent statement for the same key waits for this one to commit.
 */
export async function redeemLoginCode(attempt: RedemptionAttempt): Promise<RedemptionOutcome> {
  const row = await querySettling<RedeemParam, OutcomeRow>(
    REDEEM,
    {
      codeHash: attempt.codeHash,
      kind: attempt.kind,
      applicationId: attempt.applicationId,
      now: attempt.now.toISOString(),
      redirectUri: attempt.redirectUri,
      verifierSent: attempt.verifierSent,
      computedChallenge: attempt.computedChallenge,
      tokenHash: attempt.accessToken.tokenHash,
      tokenExpiresAt: attempt.accessToken.expiresAt.toISOString(),
    },
    attempt.pending,
  );
  const holder =
    row.id !== null && row.applicationId !== null && row.codeExpiresAtMs !== null && row.request !== null && row.subject !== null && row.acr !== null && row.authTimeMs !== null
      ? {
          id: row.id,
          applicationId: row.applicationId,
          codeExpiresAt: new Date(row.codeExpiresAtMs),
          request: row.request,
          subject: row.subject,
          acr: row.acr,
          authTime: new Date(row.authTimeMs),
          sessionId: row.sessionId,
          claims: row.issued === 1 ? openLoginClaims(row.id, row.sealedClaims) : {},
        }
      : null;
  return { holder, issued: row.issued === 1, usedBefore: row.usedBefore === true };
}
