/**
 * A failed client authentication (RFC 6749 §2.3, §5.2): 401 invalid_client, with
 * WWW-Authenticate when the request used the Basic scheme. Once a client is looked up, every
 * failure answers the same description, so that no answer tells an unknown client_id from a wrong
 * secret, a bad assertion signature or claim, or a replayed assertion: someone probing
 * client_ids or secrets learns nothing. Why it failed is logged (with the request id), never
 * answered. Requests malformed before any lookup (bad Basic encoding, no credentials, a body
 * client_id other than the Basic one) keep their precise descriptions: they say nothing about
 * any client.
 */
import { logger } from "../../log";
import { OAuthError } from "../errors";

export const CLIENT_AUTHENTICATION_FAILED = "Client authentication failed";

const BASIC_CHALLENGE = { "WWW-Authenticate": 'Basic realm="porta", charset="UTF-8"' } as const;
/** Request ids as the server assigns them (server/porta-server.ts). */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** A client_id from the request may be anything: logs keep a bounded prefix. */
const MAX_LOGGED_CLIENT_ID = 128;

export function basicChallenge(usedBasic: boolean): Record<string, string> {
  return usedBasic ? { ...BASIC_CHALLENGE } : {};
}

export class ClientAuthenticationError extends OAuthError {
  override name = "ClientAuthenticationError";

  constructor(
    /** Why, for the log only. */
    readonly reason: string,
    /** The client_id the request claimed, when it named one. */
    readonly clientId: string | undefined,
    usedBasic = false,
  ) {
    super("invalid_client", CLIENT_AUTHENTICATION_FAILED, { status: 401, headers: basicChallenge(usedBasic) });
  }
}

/** The request id the server gave this request, when it went through Porta's server. */
export function requestIdOf(request: Request): string | undefined {
  const id = request.headers.get("x-request-id");
  return id !== null && REQUEST_ID.test(id) ? id : undefined;
}

export interface FailureContext {
  requestId?: string;
  method?: string;
}

export function logClientAuthenticationFailure(error: ClientAuthenticationError, context: FailureContext = {}): void {
  logger.info(
    { reqId: context.requestId, clientId: error.clientId?.slice(0, MAX_LOGGED_CLIENT_ID), method: context.method, reason: error.reason },
    "client authentication failed",
  );
}
