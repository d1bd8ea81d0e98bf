/**
 * The token endpoint's decoupled grants (CIBA Core §10-11, and the headless flow, which polls the
 * same way): pending →
 * authorization_pending (headless: with fresh acr_data), polling faster than the interval →
 * slow_down (the interval grows by 5 s; the first poll never gets it), expired → expired_token,
 * declined → access_denied, another client's or unknown id → invalid_grant; after approval the
 * tokens, once: the request id is the completed login's code, redeemed as a browser login's code
 * is (issue-login-tokens.ts), so a second poll is invalid_grant and revokes the first one's token.
 * In production tenants a poll in time also asks the eID how the login stands (advance-upstream.ts).
 * What client authentication still owes is settled by the redemption's statement, or before any
 * other answer: a blocked client or a replayed assertion never touches the login.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { hashToken } from "../crypto/hash";
import { prisma } from "../db/client";
import type { Login } from "../db/generated/client";
import { OAuthError, invalidRequest, type OAuthErrorCode } from "../oauth/errors";
import { invalidGrant, issueLoginTokens, type TokenResponse } from "../oauth/token/issue-login-tokens";
import { settlePendingChecks, type PendingChecks } from "../oauth/token/pending-checks";
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
 * A completed login's tokens, once; its code expires with the request (an approved request expires
 * like a pending one). `pending` is settled by the redemption's statement unless it was before.
 */
function redeem(client: ApplicationRecord, login: Login, param: string, pending: PendingChecks): Promise<TokenResponse> {
  return issueLoginTokens(
    client,
    {
      kind: login.kind,
      codeHash: login.decoupledIdHash!,
      redirectUri: null,
      verifier: undefined,
      name: `The ${param}`,
      unknown: () => invalidGrant("The login completed without tokens"),
      whyRefused: (holder, now) => (holder.codeExpiresAt <= now ? new OAuthError("expired_token", `The ${param} has expired`) : undefined),
    },
    pending,
  );
}

function failure(login: Login): OAuthError {
  const code = (login.error === "access_denied" || login.error === "expired_token" ? login.error : "server_error") as OAuthErrorCode;
  return new OAuthError(code, login.errorDescription ?? "The login did not complete");
}

/** The answer once the eID has ended the login during this poll: its tokens or its error. */
async function settledAnswer(client: ApplicationRecord, before: Login, pending: PendingChecks): Promise<TokenResponse> {
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { id: before.id } });
  if (login.state === "failed") throw failure(login);
  if (login.state !== "completed") throw new PendingError("authorization_pending", "The user has not answered yet");
  return redeem(client, login, login.kind === "ciba" ? "auth_req_id" : "headless_req_id", pending);
}

/**
 * `pending`: what client authentication still owes, settled with the tokens or before any other
 * answer (an error thrown before that is settled by the token endpoint).
 */
export async function pollDecoupled(client: ApplicationRecord, kind: DecoupledKind, form: Map<string, string>, pending: PendingChecks): Promise<TokenResponse> {
  const param = kind === "ciba" ? "auth_req_id" : "headless_req_id";
  const id = form.get(param);
  if (!id) throw invalidRequest(`${param} is required`);
  const db = await prisma();
  const login = await db.login.findUnique({ where: { decoupledIdHash: hashToken(id) } });
  if (!login || login.kind !== kind || login.applicationId !== client.id) throw invalidGrant(`${param} is unknown or was issued to another client`);
  if (login.state === "completed") return redeem(client, login, param, pending);
  // Every other answer settles first: a blocked client or a replayed assertion must not touch the login.
  await settlePendingChecks(pending);
  if (login.state === "failed") throw failure(login);
  const now = new Date(nowMs());
  if (login.expiresAt <= now) {
    await expireDecoupled(login, client);
    throw new OAuthError("expired_token", `The ${param} has expired`);
  }
  const interval = login.pollIntervalS ?? 3;
  const tooSoon = login.lastPolledAt !== null && now.getTime() - login.lastPolledAt.getTime() < interval * 1000;
  await db.login.update({ where: { id: login.id }, data: { lastPolledAt: now, ...(tooSoon ? { pollIntervalS: interval + 5 } : {}) } });
  let extra: Record<string, unknown> = {};
  if (login.connectorState && login.state === "eid_authenticating") {
    const progress = await advanceUpstream(login, client, !tooSoon);
    if (progress.kind === "settled") return settledAnswer(client, login, pending);
    if (kind === "headless") extra = { acr_data: progress.view };
  } else if (kind === "headless" && !login.connectorState) {
    extra = { acr_data: acrData(decoupledRequestOf(login), login.createdAt, now) };
  }
  if (tooSoon) throw new PendingError("slow_down", `Poll at most every ${interval} seconds; now every ${interval + 5}`, { ...extra, interval: interval + 5 });
  throw new PendingError("authorization_pending", "The user has not answered yet", extra);
}
