/**
 * The authorization request pipeline: one ordered list of checks shared by authorize, PAR (with or
 * without a request object) and the decoupled endpoints, each check naming the endpoints it
 * applies to. Order matters: where an error may go is decided first (RFC 9700 §4.11), the
 * login_hint is parsed before the checks its `scope:`/`acr_values:` feed, and the person is
 * looked up only once the eID is known.
 */
import { checkAcrValues, checkIdTokenEncryption } from "./check-acr-values";
import {
  checkPkce,
  checkPromptAndMaxAge,
  checkRedirectUri,
  checkRequestObjectParams,
  checkRequirePar,
  checkResponseMode,
  checkResponseType,
  checkState,
  checkUiLocales,
} from "./checks";
import { checkNoDuplicates, checkNonce, checkScope } from "./common-checks";
import type { Check, CheckContext } from "./context";
import {
  checkAuthorizationDetails,
  checkBindingMessage,
  checkClientNotificationToken,
  checkConfidentialClient,
  checkDecoupledGrant,
  checkHintChoice,
  checkRequestedExpiry,
  checkSubject,
} from "./decoupled-checks";
import { checkHintMessageLimits, checkLoginHint, checkMockHint } from "./hint-checks";
import type { AuthorizationEndpoint } from "./request";

/**
 * `client`: checks of the authenticated client alone, run before a request object is verified, so
 * a client that may not use the endpoint spends no request object jti. `request`: the parameters.
 */
export type Stage = "client" | "request";

interface Step {
  check: Check;
  on: readonly AuthorizationEndpoint[];
}

const A = "authorize";
const P = "par";
const C = "ciba";
const H = "headless";
const step = (check: Check, ...on: AuthorizationEndpoint[]): Step => ({ check, on });

const CLIENT_CHECKS: readonly Step[] = [
  step(checkConfidentialClient, C, H),
  step(checkDecoupledGrant, C, H),
];

const REQUEST_CHECKS: readonly Step[] = [
  step(checkRedirectUri, A, P),
  step(checkState, A, P),
  step(checkResponseMode, A, P),
  step(checkNoDuplicates, A, P, C, H),
  step(checkRequestObjectParams, A, P),
  step(checkRequirePar, A, P),
  step(checkResponseType, A, P),
  step(checkLoginHint, A, P, C, H),
  step(checkScope, A, P, C, H),
  step(checkHintChoice, C, H),
  step(checkNonce, A, P, C, H),
  step(checkPkce, A, P),
  step(checkPromptAndMaxAge, A, P),
  step(checkAcrValues, A, P, C, H),
  step(checkIdTokenEncryption, A, P),
  step(checkMockHint, A, P),
  step(checkHintMessageLimits, A, P),
  step(checkUiLocales, A, P),
  step(checkSubject, C, H),
  step(checkBindingMessage, C, H),
  step(checkAuthorizationDetails, C, H),
  step(checkRequestedExpiry, C, H),
  step(checkClientNotificationToken, C),
];

const STAGES: Record<Stage, readonly Step[]> = { client: CLIENT_CHECKS, request: REQUEST_CHECKS };

/** Runs, in order, the checks of `stage` that apply to the context's endpoint; the first failure throws. */
export function runChecks(stage: Stage, ctx: CheckContext): void {
  for (const { check, on } of STAGES[stage]) {
    if (on.includes(ctx.endpoint)) check(ctx);
  }
}

/** The names of the checks `stage` runs for `endpoint`, in order (the table, for tests and reviews). */
export function checksFor(stage: Stage, endpoint: AuthorizationEndpoint): string[] {
  return STAGES[stage].filter(({ on }) => on.includes(endpoint)).map(({ check }) => check.name);
}
