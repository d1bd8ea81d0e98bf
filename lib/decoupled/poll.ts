/**
 * The token endpoint's decoupled grants (CIBA Core §10-11; headless design.md §6b): pending →
 * authorization_pending (headless: with fresh acr_data), polling faster than the interval →
 * slow_down (the interval grows by 5 s; the first poll never gets it), expired → expired_token,
 * declined → access_denied, another client's or unknown id → invalid_grant; after approval the
 * tokens, once.
 */
import type { ApplicationRecord } from "../clients/application-service";
import { hashToken } from "../crypto/hash";
import { prisma } from "../db/client";
import { OAuthError, invalidRequest, type OAuthErrorCode } from "../oauth/errors";
import { issueTokensForCode, type TokenResponse } from "../oauth/token/grant-authorization-code";
import { acrData } from "./acr-data";
import { decoupledRequestOf } from "./complete-decoupled";
import type { DecoupledKind } from "./request";

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

export async function pollDecoupled(client: ApplicationRecord, kind: DecoupledKind, form: Map<string, string>): Promise<TokenResponse> {
  const param = kind === "ciba" ? "auth_req_id" : "headless_req_id";
  const id = form.get(param);
  if (!id) throw invalidRequest(`${param} is required`);
  const db = await prisma();
  const tx = await db.loginTransaction.findUnique({ where: { decoupledIdHash: hashToken(id) } });
  if (!tx || tx.kind !== kind || tx.applicationId !== client.id) throw new OAuthError("invalid_grant", `${param} is unknown or was issued to another client`);
  if (tx.state === "completed") {
    const row = await db.authorizationCode.findUnique({ where: { codeHash: tx.decoupledIdHash! } });
    if (!row) throw new OAuthError("invalid_grant", "The login completed without tokens");
    return issueTokensForCode(client, row);
  }
  if (tx.state === "failed") {
    const code = (tx.error === "access_denied" || tx.error === "expired_token" ? tx.error : "server_error") as OAuthErrorCode;
    throw new OAuthError(code, tx.errorDescription ?? "The login did not complete");
  }
  const now = new Date();
  if (tx.expiresAt <= now) {
    await db.loginTransaction.updateMany({ where: { id: tx.id, state: tx.state }, data: { state: "failed", error: "expired_token", errorDescription: "The request expired before the user answered" } });
    throw new OAuthError("expired_token", `The ${param} has expired`);
  }
  const interval = tx.pollIntervalS ?? 3;
  const tooSoon = tx.lastPolledAt !== null && now.getTime() - tx.lastPolledAt.getTime() < interval * 1000;
  await db.loginTransaction.update({ where: { id: tx.id }, data: { lastPolledAt: now, ...(tooSoon ? { pollIntervalS: interval + 5 } : {}) } });
  const extra = kind === "headless" ? { acr_data: acrData(decoupledRequestOf(tx), tx.createdAt, now) } : {};
  if (tooSoon) throw new PendingError("slow_down", `Poll at most every ${interval} seconds; now every ${interval + 5}`, { ...extra, interval: interval + 5 });
  throw new PendingError("authorization_pending", "The user has not answered yet", extra);
}
