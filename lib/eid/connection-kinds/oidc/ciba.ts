/**
 * CIBA relayed to an upstream OpenID Connect provider: when the provider's
 * discovery advertises a `backchannel_authentication_endpoint` (and poll mode), Porta is its CIBA
 * client in poll mode (CIBA Core §7, §10.1), with the connection's client authentication,
 * scopes and acr mapping:
 * - start: the authentication request with `login_hint` = the person's national id, the
 *   `binding_message`, and the mapped `acr_values`; the provider's unknown_user_id and
 *   access_denied (CIBA Core §13) are Porta's; anything else failing is server_error, and no
 *   login starts (the relying party may simply ask again).
 * - check: one token request with the `auth_req_id`, no sooner than the provider's `interval`
 *   (5 s when it names none; `slow_down` adds 5 s). authorization_pending → pending;
 *   access_denied → the person declined; expired_token → expired; the ID token is validated in
 *   full, its signature included, as for browser logins, then mapped to Porta's claims.
 *   CIBA Core §11 names no transient error, so Porta decides: a passing problem (no answer within
 *   the connection's time limit, the network, the provider answering 5xx) keeps the login pending
 *   for another try at the next interval, up to MAX_CHECK_ERRORS in a row, then server_error;
 *   the upstream `auth_req_id` stays valid meanwhile, so an approval given then is not lost.
 *   Any other answer (unreadable, an unexpected error code) ends the login with server_error.
 */
import * as oauth from "oauth4webapi";
import { z } from "zod";
import { OutboundError } from "../../../net/safe-fetch";
import { OAuthError } from "../../../oauth/errors";
import { EidFailure } from "../../connector";
import type { OidcConnection } from "./schemas";
import type { DecoupledCheck, DecoupledConnector } from "../../decoupled-connector";
import { clientAuthOf, discover, requestOptions, upstreamFailure } from "./connector";
import { identityFrom, upstreamAcr, verifiedClaims } from "./upstream-identity";

/** CIBA Core §7.3: without `interval` the client waits 5 s; slow_down adds 5 s (RFC 8628 §3.5). */
const DEFAULT_INTERVAL_S = 5;
const SLOW_DOWN_S = 5;
/** Passing token request problems in a row tolerated before the login fails (as BankID's /collect). */
export const MAX_CHECK_ERRORS = 3;

const ZCibaStateSchema = z.object({ authReqId: z.string().min(1), intervalS: z.number().int().positive(), checkErrors: z.number().int().nonnegative().default(0) });
type TCibaState = z.infer<typeof ZCibaStateSchema>;

function stateOf(state: Record<string, unknown>): TCibaState {
  const parsed = ZCibaStateSchema.safeParse(state);
  if (!parsed.success) throw new EidFailure("server_error", "invalidResponse", "This login has no upstream CIBA request");
  return parsed.data;
}

/** The HTTP status of a provider answer that is no OAuth answer at all, when there was one. */
function statusOf(error: unknown): number | undefined {
  return error instanceof oauth.OperationProcessingError && error.cause instanceof Response ? error.cause.status : undefined;
}

/** No answer in time, the network failing, or the provider answering 5xx: worth another try. */
function isPassing(error: unknown): boolean {
  if (error instanceof OutboundError) return error.kind === "timeout" || error.kind === "network";
  return (statusOf(error) ?? 0) >= 500;
}

/** A failed call; a provider answering 5xx is unavailable rather than wrong. */
function callFailure(connection: OidcConnection, step: string, error: unknown): EidFailure {
  const status = statusOf(error);
  if (status !== undefined && status >= 500) return new EidFailure("server_error", "unavailable", `The eID provider failed the ${step} (HTTP ${status})`, { cause: error });
  return upstreamFailure(connection, step, error);
}

/** What a refused token request means: still waiting, a passing problem, or how the upstream login ended. */
function grantError(connection: OidcConnection, state: TCibaState, error: unknown): DecoupledCheck {
  if (error instanceof oauth.ResponseBodyError) {
    const upstream = `upstream: ${error.error}${error.error_description ? `: ${error.error_description}` : ""}`;
    switch (error.error) {
      case "authorization_pending":
        return { kind: "pending", state: { ...state, checkErrors: 0 } };
      case "slow_down":
        return { kind: "pending", state: { ...state, intervalS: state.intervalS + SLOW_DOWN_S, checkErrors: 0 } };
      case "access_denied":
        return { kind: "failed", failure: new EidFailure("access_denied", "cancelled", "The person declined the login at the eID", { detail: upstream }) };
      case "expired_token":
        return { kind: "failed", failure: new EidFailure("access_denied", "expired", "The eID request expired before the person answered", { detail: upstream }) };
    }
  }
  if (isPassing(error) && state.checkErrors + 1 < MAX_CHECK_ERRORS) return { kind: "pending", state: { ...state, checkErrors: state.checkErrors + 1 } };
  return { kind: "failed", failure: callFailure(connection, "CIBA token request", error) };
}

/** The connection's CIBA connector, or undefined when its provider offers no CIBA in poll mode. */
export async function createOidcCibaConnector(connection: OidcConnection): Promise<DecoupledConnector | undefined> {
  const as = await discover(connection);
  const modes = as.backchannel_token_delivery_modes_supported;
  if (!as.backchannel_authentication_endpoint || (Array.isArray(modes) && !modes.includes("poll"))) return undefined;
  const client: oauth.Client = { client_id: connection.settings.clientId };
  return {
    callTimeoutMs: connection.settings.timeoutMs,

    nextCheckInMs: (state) => stateOf(state).intervalS * 1000,

    async start(login) {
      const nationalId = login.loginHint.sub;
      if (!nationalId) throw new OAuthError("unknown_user_id", "login_hint does not name the person");
      const params = new URLSearchParams({ scope: connection.settings.scopes, login_hint: nationalId });
      const acr = upstreamAcr(connection, login.method.acr);
      if (acr) params.set("acr_values", acr);
      if (login.bindingMessage) params.set("binding_message", login.bindingMessage);
      try {
        const response = await oauth.backchannelAuthenticationRequest(as, client, await clientAuthOf(connection), params, requestOptions(connection));
        const answer = await oauth.processBackchannelAuthenticationResponse(as, client, response);
        return { authReqId: answer.auth_req_id, intervalS: answer.interval ?? DEFAULT_INTERVAL_S, checkErrors: 0 } satisfies TCibaState;
      } catch (error) {
        if (error instanceof oauth.ResponseBodyError && error.error === "unknown_user_id") {
          throw new OAuthError("unknown_user_id", "The eID does not know the person the login_hint names");
        }
        if (error instanceof oauth.ResponseBodyError && error.error === "access_denied") {
          throw new OAuthError("access_denied", "The eID refused the login request", { status: 403 });
        }
        throw callFailure(connection, "CIBA request", error);
      }
    },

    async check(method, raw) {
      let state: TCibaState;
      try {
        state = stateOf(raw);
      } catch (error) {
        return { kind: "failed", failure: upstreamFailure(connection, "CIBA token request", error) };
      }
      try {
        const response = await oauth.backchannelAuthenticationGrantRequest(as, client, await clientAuthOf(connection), state.authReqId, requestOptions(connection));
        const tokens = await oauth.processBackchannelAuthenticationGrantResponse(as, client, response);
        return { kind: "complete", result: identityFrom(connection, await verifiedClaims(connection, as, response, tokens, requestOptions(connection)), method, method.acr) };
      } catch (error) {
        return grantError(connection, state, error);
      }
    },

    // CIBA shows nothing to the relying party while the person answers.
    view: () => ({ hintCode: "" }),

    // CIBA Core has no cancellation: the upstream request expires on its own.
    cancel: () => Promise.resolve(),
  };
}
