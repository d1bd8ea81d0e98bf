/**
 * The token endpoint's decoupled grants (CIBA Core §10-11; headless polls the same way): pending →
 * authorization_pending (headless: with fresh acr_data), polling faster than the interval →
 * slow_down (the interval grows by 5 s; the first poll never gets it), expired → expired_token,
 * declined → access_denied, another client's or unknown id → invalid_grant; after approval the
 * tokens, once: the request id is the completed login's code, redeemed as a browser login's code
 * is (issue-login-tokens.ts), so a second poll is invalid_grant and revokes the first one's token.
 * In production tenants a poll in time also asks the eID how the login stands (advance-upstream.ts).
 */
import type { ApplicationRecord } from "../clients/application-record";
import { hashToken } from "../crypto/hash";
import { prisma } from "../db/client";
import type { LoginTransaction } from "../db/generated/client";
import { OAuthError, invalidRequest, type OAuthErrorCode } from "../oauth/errors";
import type { JtiUse } from "../oauth/jti-store";
import { invalidGrant, issueLoginTokens, type TokenResponse } from "../oauth/token/issue-login-tokens";
import { recordAssertionJti, withDeferredJti } from "../oauth/token/verify-client-assertion";
import { nowMs } from "../clock";
import { acrData } from "./acr-data";
import { advanceUpstream } from "./advance-upstream";
import { expireDecoupled } from "./expire-decoupled";
import { decoupledRequestOf, type DecoupledKind } from "./request";

export class PendingError extends OAuthError {
  constructor(
    code: "authorization_pending" | "slow_down",
    description: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code, description);
  }
  override toJSON() {
    return { ...super.toJSON(), ...this.extra } as ReturnType<OAuthError["toJSON"]>;
  }
}

/**
 * `jti`: the client assertion's jti when client authentication left it to be recorded here: with
 * the access token once the login completed (one statement), otherwise before the answer.
 */
export function pollDecoupled(client: ApplicationRecord, kind: DecoupledKind, form: Map<string, string>, jti?: JtiUse): Promise<TokenResponse> {
  return withDeferredJti(jti, (pending, settled) => poll(client, kind, form, pending, settled));
}

/** A completed login's tokens, once; its code expires with the request, never later. */
function redeem(client: ApplicationRecord, tx: LoginTransaction, param: string, jti: JtiUse | undefined, jtiSettled: () => void): Promise<TokenResponse> {
  return issueLoginTokens(
    client,
    {
      kind: tx.kind,
      codeHash: tx.decoupledIdHash!,
      redirectUri: null,
      verifier: undefined,
      name: `The ${param}`,
      unknown: () => invalidGrant("The login completed without tokens"),
      whyRefused: (login, now) => (login.codeExpiresAt <= now ? new OAuthError("expired_token", `The ${param} has expired`) : undefined),
    },
    jti,
    jtiSettled,
  );
}

function failure(tx: LoginTransaction): OAuthError {
  const code = (tx.error === "access_denied" || tx.error === "expired_token" ? tx.error : "server_error") as OAuthErrorCode;
  return new OAuthError(code, tx.errorDescription ?? "The login did not complete");
}

/** The answer once the eID has ended the login during this poll: its tokens or its error. */
async function settledAnswer(client: ApplicationRecord, before: LoginTransaction): Promise<TokenResponse> {
  const tx = await (await prisma()).loginTransaction.findUniqueOrThrow({ where: { id: before.id } });
  if (tx.state === "failed") throw failure(tx);
  if (tx.state !== "completed") throw new PendingError("authorization_pending", "The user has not answered yet");
  return redeem(client, tx, tx.kind === "ciba" ? "auth_req_id" : "headless_req_id", undefined, () => undefined);
}

async function poll(client: ApplicationRecord, kind: DecoupledKind, form: Map<string, string>, jti: JtiUse | undefined, jtiSettled: () => void): Promise<TokenResponse> {
  const param = kind === "ciba" ? "auth_req_id" : "headless_req_id";
  const id = form.get(param);
  if (!id) throw invalidRequest(`${param} is required`);
  const db = await prisma();
  const tx = await db.loginTransaction.findUnique({ where: { decoupledIdHash: hashToken(id) } });
  if (!tx || tx.kind !== kind || tx.applicationId !== client.id) throw invalidGrant(`${param} is unknown or was issued to another client`);
  if (tx.state === "completed") return redeem(client, tx, param, jti, jtiSettled);
  // Every other answer uses the assertion up first: a replayed one must not touch the login.
  await recordAssertionJti(jti);
  jtiSettled();
  if (tx.state === "failed") throw failure(tx);
  const now = new Date(nowMs());
  if (tx.expiresAt <= now) {
    await expireDecoupled(tx, client);
    throw new OAuthError("expired_token", `The ${param} has expired`);
  }
  const interval = tx.pollIntervalS ?? 3;
  const tooSoon = tx.lastPolledAt !== null && now.getTime() - tx.lastPolledAt.getTime() < interval * 1000;
  await db.loginTransaction.update({ where: { id: tx.id }, data: { lastPolledAt: now, ...(tooSoon ? { pollIntervalS: interval + 5 } : {}) } });
  let extra: Record<string, unknown> = {};
  if (tx.connectorState && tx.state === "eid_authenticating") {
    const progress = await advanceUpstream(tx, client, !tooSoon);
    if (progress.kind === "settled") return settledAnswer(client, tx);
    if (kind === "headless") extra = { acr_data: progress.view };
  } else if (kind === "headless" && !tx.connectorState) {
    extra = { acr_data: acrData(decoupledRequestOf(tx), tx.createdAt, now) };
  }
  if (tooSoon) throw new PendingError("slow_down", `Poll at most every ${interval} seconds; now every ${interval + 5}`, { ...extra, interval: interval + 5 });
  throw new PendingError("authorization_pending", "The user has not answered yet", extra);
}
