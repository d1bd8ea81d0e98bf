/**
 * login_hint checks (README, "login_hint"). The grammar (login-hint.ts) is the same at every
 * endpoint; what the hint may carry depends on where the login runs (pipeline.ts).
 */
import { findEidMethod } from "../../eid/catalogue";
import { invalidRequest } from "../errors";
import type { CheckContext } from "./context";
import { checkMessageLimits, parseLoginHint } from "./login-hint";

/**
 * Parses login_hint: defined forms (`action:`, `message:`, `sub:`, `mock:`) must be well formed
 * and appear once; other forms are ignored, as hints are (OIDC Core §3.1.2.1). Its `scope:` and
 * `acr_values:` values join those parameters in the checks that follow.
 */
export function checkLoginHint(ctx: CheckContext): void {
  ctx.hint = parseLoginHint(ctx.params.get("login_hint"));
  ctx.request.loginHint = ctx.hint.hint;
}

/** `mock:` claims drive the mock eID, which asserts whatever it is told: test tenants only. */
export function checkMockHint(ctx: CheckContext): void {
  if (ctx.hint?.hint.mock && ctx.client.tenant.environment !== "test") {
    throw invalidRequest("login_hint mock: is only accepted in test tenants");
  }
}

/**
 * `message:` is shown in the eID app of a browser login, within that eID's limit (MitID
 * 130 characters, BankID 1500 encoded: what their apps show), for every eID the request allows. Runs after acr_values.
 */
export function checkHintMessageLimits(ctx: CheckContext): void {
  if (!ctx.hint) return;
  checkMessageLimits(ctx.hint, (ctx.request.acrValues ?? []).map((acr) => findEidMethod(acr)?.family ?? ""));
}
