/**
 * The eID step of a browser login, whichever connector runs it (lib/eid/connector.ts): start it,
 * poll it while the person answers in an app, and finish it when the browser comes back. The
 * connector's state is sealed on the login transaction between steps; a redirect-based eID's
 * `state` is stored as a hash so its callback finds the login, once.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { decryptAtRest, encryptAtRest } from "../crypto/encryption";
import { hashToken } from "../crypto/hash";
import { prisma } from "../db/client";
import type { LoginTransaction } from "../db/generated/client";
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
import { requestOf, TransactionConflictError } from "./transaction";

/** What the browser request tells a connector: the page language and the person's address. */
export interface StepRequest {
  locale: Locale;
  endUserIp: string;
}

function sealContext(tx: LoginTransaction): string {
  return `login-connector:${tx.id}`;
}

function stateOf(tx: LoginTransaction): Record<string, unknown> | null {
  if (!tx.connectorState) return null;
  return JSON.parse(decryptAtRest(tx.connectorState, sealContext(tx))) as Record<string, unknown>;
}

/** The language and address of the browser request that drives an eID step. */
export function stepRequestOf(request: Request, tx: LoginTransaction): StepRequest {
  return { locale: pageLocale(request, requestOf(tx).uiLocales), endUserIp: clientIpOf(request) };
}

async function resolve(tx: LoginTransaction, client: ApplicationRecord, step: StepRequest): Promise<{ connector: EidConnector; login: ConnectorLogin }> {
  const method = methodOrThrow(tx.acr ?? "");
  const connector = await connectorFor(client.tenant, method);
  const login: ConnectorLogin = {
    transactionId: tx.id,
    tenantId: client.tenantId,
    acr: method.acr,
    method,
    loginHint: requestOf(tx).loginHint,
    locale: step.locale,
    endUserIp: step.endUserIp,
    // The issuer the browser is on (PUBLIC_URL or the tenant's domain): upstream eIDs send it back there.
    issuer: currentIssuer(),
    state: stateOf(tx),
  };
  return { connector, login };
}

/** Stores the connector's state without moving the login (conditional on its version). */
async function saveState(tx: LoginTransaction, state: Record<string, unknown> | null, ref?: string): Promise<LoginTransaction> {
  const rows = await (await prisma()).loginTransaction.updateManyAndReturn({
    where: { id: tx.id, state: tx.state, version: tx.version },
    data: {
      connectorState: state ? encryptAtRest(JSON.stringify(state), sealContext(tx)) : null,
      ...(ref !== undefined ? { connectorRef: hashToken(ref) } : {}),
      version: { increment: 1 },
    },
  });
  const saved = rows[0];
  if (!saved) throw new TransactionConflictError(`login ${tx.id} changed while its eID step was saved`);
  return saved;
}

/**
 * Begins the eID step: to the upstream eID, to Porta's page for it, or straight on when the eID
 * answered at once (the mock eID). `cookies` are set on the answer (the browser-binding cookie of
 * a login begun at authorize).
 */
export async function startEidStep(tx: LoginTransaction, client: ApplicationRecord, step: StepRequest, cookies: string[] = []): Promise<Response> {
  const { connector, login } = await resolve(tx, client, step);
  const outcome = await connector.start(login);
  if (outcome.kind === "complete") return completeEid(tx, client, outcome.result, cookies);
  if (outcome.kind === "redirect") {
    await saveState(tx, outcome.state, outcome.ref);
    return seeOther(outcome.location, { "Set-Cookie": cookies });
  }
  if (outcome.state) await saveState(tx, outcome.state);
  return seeOther(stepPathFor(tx), { "Set-Cookie": cookies });
}

export type PollAnswer =
  | { status: "pending"; hintCode: string; qrData?: string; autoStartToken?: string }
  | { status: "complete" }
  | { status: "failed"; reason: string; hintCode?: string };

/** One poll from the eID page (app-based eIDs). */
export async function pollEidStep(tx: LoginTransaction, client: ApplicationRecord, step: StepRequest, query: URLSearchParams): Promise<PollAnswer> {
  const { connector, login } = await resolve(tx, client, step);
  if (!connector.poll) throw new OAuthError("invalid_request", "This eID does not report progress");
  const outcome = await connector.poll(login, query);
  switch (outcome.kind) {
    case "pending":
      if (outcome.state) await saveState(tx, outcome.state);
      return { status: "pending", hintCode: outcome.hintCode, qrData: outcome.qrData, autoStartToken: outcome.autoStartToken };
    case "complete":
      await saveState(tx, outcome.state);
      return { status: "complete" };
    case "failed":
      await saveState(tx, outcome.state);
      return { status: "failed", reason: outcome.failure.reason, hintCode: typeof outcome.state.hintCode === "string" ? outcome.state.hintCode : undefined };
  }
}

/** The browser came back (callback query or Porta's form): complete the eID step or fail the login. */
export async function finishEidStep(tx: LoginTransaction, client: ApplicationRecord, step: StepRequest, input: URLSearchParams): Promise<Response> {
  const { connector, login } = await resolve(tx, client, step);
  const result = await connector.finish(login, input);
  const method = methodOrThrow(tx.acr ?? "");
  if (result.acr !== method.acr && methodOrThrow(result.acr).family !== method.family) {
    return failLogin(tx, new OAuthError("server_error", "The eID answered for another method"));
  }
  return completeEid(tx, client, result);
}

/** The person gave up: let the eID release the order (best effort), then end the login. */
export async function cancelEidStep(tx: LoginTransaction, client: ApplicationRecord, step: StepRequest): Promise<void> {
  if (tx.state !== "eid_authenticating" || !tx.connectorState) return;
  try {
    const { connector, login } = await resolve(tx, client, step);
    await connector.cancel?.(login);
  } catch {
    // The login ends either way; the eID's order then expires on its own.
  }
}

/** The login a redirect-based eID's callback belongs to, by its `state`. */
export async function findByConnectorRef(ref: string): Promise<LoginTransaction | null> {
  if (!ref || ref.length > 512) return null;
  return (await prisma()).loginTransaction.findUnique({ where: { connectorRef: hashToken(ref) } });
}
