/**
 * The eID step of a browser login, whichever connector runs it (lib/eid/connector.ts): start it,
 * poll it while the person answers in an app, and finish it when the browser comes back. The
 * connector's state is sealed on the login between steps; a redirect-based eID's
 * `state` is stored as a hash so its callback finds the login, once.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { decryptAtRest, encryptAtRest } from "../crypto/encryption";
import { hashToken } from "../crypto/hash";
import { methodOrThrow } from "../eid/catalogue";
import type { ConnectorLogin, EidConnector } from "../eid/connector";
import { connectorFor } from "../eid/connectors";
import type { Locale } from "../i18n/locales";
import { OAuthError } from "../oauth/errors";
import { seeOther } from "../http/see-other";
import { clientIpOf } from "../http/client-ip";
import { currentIssuer } from "../http/request-issuer";
import { pageLocale } from "../http/page-locale";
import { completeEid } from "./complete-eid";
import { failLogin } from "./fail-login";
import { stepPathFor } from "./step-paths";
import { LoginConflictError, type Login } from "./login-state";
import { saveConnectorState } from "./login-store";
import { requestOf } from "./login";

/** What the browser request tells a connector: the page language and the person's address. */
export interface StepRequest {
  locale: Locale;
  endUserIp: string;
}

function sealContext(login: Login): string {
  return `login-connector:${login.id}`;
}

function stateOf(login: Login): Record<string, unknown> | null {
  if (!login.connectorState) return null;
  return JSON.parse(decryptAtRest(login.connectorState, sealContext(login))) as Record<string, unknown>;
}

/** The language and address of the browser request that drives an eID step. */
export function stepRequestOf(request: Request, login: Login): StepRequest {
  return { locale: pageLocale(request, requestOf(login).uiLocales), endUserIp: clientIpOf(request) };
}

async function resolve(login: Login, client: ApplicationRecord, step: StepRequest): Promise<{ connector: EidConnector; eidLogin: ConnectorLogin }> {
  const method = methodOrThrow(login.acr ?? "");
  const connector = await connectorFor(client.tenant, method);
  const eidLogin: ConnectorLogin = {
    loginId: login.id,
    tenantId: client.tenantId,
    acr: method.acr,
    method,
    loginHint: requestOf(login).loginHint,
    locale: step.locale,
    endUserIp: step.endUserIp,
    // The issuer the browser is on (PUBLIC_URL or the tenant's domain): upstream eIDs send it back there.
    issuer: currentIssuer(),
    state: stateOf(login),
  };
  return { connector, eidLogin };
}

/** Stores the connector's state without moving the login (conditional on its version). */
async function saveState(login: Login, state: Record<string, unknown> | null, ref?: string): Promise<Login> {
  const sealed = state ? encryptAtRest(JSON.stringify(state), sealContext(login)) : null;
  const saved = await saveConnectorState(login, sealed, ref !== undefined ? hashToken(ref) : undefined);
  if (!saved) throw new LoginConflictError(`login ${login.id} changed while its eID step was saved`);
  return saved;
}

/**
 * Begins the eID step: to the upstream eID, to Porta's page for it, or straight on when the eID
 * answered at once (the mock eID). `cookies` are set on the answer (the browser-binding cookie of
 * a login begun at authorize).
 */
export async function startEidStep(login: Login, client: ApplicationRecord, step: StepRequest, cookies: string[] = []): Promise<Response> {
  const { connector, eidLogin } = await resolve(login, client, step);
  const outcome = await connector.start(eidLogin);
  if (outcome.kind === "complete") return completeEid(login, client, outcome.result, cookies);
  if (outcome.kind === "redirect") {
    await saveState(login, outcome.state, outcome.ref);
    return seeOther(outcome.location, { "Set-Cookie": cookies });
  }
  if (outcome.state) await saveState(login, outcome.state);
  return seeOther(stepPathFor(login), { "Set-Cookie": cookies });
}

export type PollAnswer =
  | { status: "pending"; hintCode: string; qrData?: string; autoStartToken?: string }
  | { status: "complete" }
  | { status: "failed"; reason: string; hintCode?: string };

/** One poll from the eID page (app-based eIDs). */
export async function pollEidStep(login: Login, client: ApplicationRecord, step: StepRequest, query: URLSearchParams): Promise<PollAnswer> {
  const { connector, eidLogin } = await resolve(login, client, step);
  if (!connector.poll) throw new OAuthError("invalid_request", "This eID does not report progress");
  const outcome = await connector.poll(eidLogin, query);
  switch (outcome.kind) {
    case "pending":
      if (outcome.state) await saveState(login, outcome.state);
      return { status: "pending", hintCode: outcome.hintCode, qrData: outcome.qrData, autoStartToken: outcome.autoStartToken };
    case "complete":
      await saveState(login, outcome.state);
      return { status: "complete" };
    case "failed":
      await saveState(login, outcome.state);
      return { status: "failed", reason: outcome.failure.reason, hintCode: typeof outcome.state.hintCode === "string" ? outcome.state.hintCode : undefined };
  }
}

/** The browser came back (callback query or Porta's form): complete the eID step or fail the login. */
export async function finishEidStep(login: Login, client: ApplicationRecord, step: StepRequest, input: URLSearchParams): Promise<Response> {
  const { connector, eidLogin } = await resolve(login, client, step);
  const result = await connector.finish(eidLogin, input);
  const method = methodOrThrow(login.acr ?? "");
  if (result.acr !== method.acr && methodOrThrow(result.acr).family !== method.family) {
    return failLogin(login, new OAuthError("server_error", "The eID answered for another method"));
  }
  return completeEid(login, client, result);
}

/** The person gave up: let the eID release the order (best effort), then end the login. */
export async function cancelEidStep(login: Login, client: ApplicationRecord, step: StepRequest): Promise<void> {
  if (login.state !== "eid_authenticating" || !login.connectorState) return;
  try {
    const { connector, eidLogin } = await resolve(login, client, step);
    await connector.cancel?.(eidLogin);
  } catch {
    // The login ends either way; the eID's order then expires on its own.
  }
}
