/**
 * Calls to one BankID RP API (v6): JSON POSTs over mutual TLS with the connection's
 * relying-party certificate, through safe-fetch (address guard, no redirects, time limit, size
 * cap, keep-alive per connection). Every outcome is either the parsed answer or an RpCallError
 * that says what went wrong: an API error answer, a transport failure, or an unreadable answer.
 */
import type { z } from "zod";
import { parseJson } from "../../../http/json-depth";
import { OutboundError, safeFetch } from "../../../net/safe-fetch";
import type { BankIdConnection } from "./schemas";
import { ZAuthResponseSchema, ZCancelResponseSchema, ZCollectResponseSchema, ZErrorResponseSchema, type AuthRequest, type TAuthResponse, type TCollectResponse } from "./rp-api";
import { tlsOptionsFor } from "./tls-material";

/** completionData carries an XML signature and an OCSP response: tens of kilobytes at most. */
const MAX_ANSWER_BYTES = 256 * 1024;

export type RpCallProblem =
  /** The API answered with `{errorCode, details}` (or a bare HTTP error status). */
  | { kind: "api"; status: number; errorCode: string; details: string }
  /** No answer: refused address, timeout, network or TLS failure. */
  | { kind: "outbound"; error: OutboundError }
  /** An answer that is not the contract's JSON. */
  | { kind: "invalid"; status: number; detail: string };

export class RpCallError extends Error {
  override name = "RpCallError";
  constructor(readonly problem: RpCallProblem) {
    super(describe(problem));
  }
}

function describe(problem: RpCallProblem): string {
  switch (problem.kind) {
    case "api":
      return `BankID RP API error ${problem.status} ${problem.errorCode}${problem.details ? `: ${problem.details}` : ""}`;
    case "outbound":
      return `BankID RP API not reached (${problem.error.kind}): ${problem.error.message}`;
    case "invalid":
      return `BankID RP API answered ${problem.status} with an unreadable body: ${problem.detail}`;
  }
}

/** The error code a bare HTTP status stands for, when the body has none. */
function errorCodeForStatus(status: number): string {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "notFound";
  if (status === 408) return "requestTimeout";
  if (status === 503) return "maintenance";
  if (status === 400) return "invalidParameters";
  return "internalError";
}

export interface RpClient {
  auth(request: AuthRequest): Promise<TAuthResponse>;
  collect(orderRef: string): Promise<TCollectResponse>;
  cancel(orderRef: string): Promise<void>;
}

export function createRpClient(connection: BankIdConnection): RpClient {
  const base = connection.settings.endpoint.replace(/\/+$/, "");

  async function call<T extends z.ZodType>(path: "/auth" | "/collect" | "/cancel", body: unknown, schema: T): Promise<z.infer<T>> {
    let response;
    try {
      response = await safeFetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
        timeoutMs: connection.settings.timeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
        tls: tlsOptionsFor(connection),
      });
    } catch (error) {
      if (error instanceof OutboundError) throw new RpCallError({ kind: "outbound", error });
      throw error;
    }
    let json: unknown;
    try {
      json = response.body.length ? parseJson(response.body.toString("utf8")) : {};
    } catch {
      if (response.status !== 200) throw new RpCallError({ kind: "api", status: response.status, errorCode: errorCodeForStatus(response.status), details: "" });
      throw new RpCallError({ kind: "invalid", status: response.status, detail: "not JSON" });
    }
    if (response.status !== 200) {
      const error = ZErrorResponseSchema.safeParse(json);
      const errorCode = error.success ? error.data.errorCode : errorCodeForStatus(response.status);
      throw new RpCallError({ kind: "api", status: response.status, errorCode, details: error.success ? error.data.details : "" });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RpCallError({ kind: "invalid", status: response.status, detail: issue ? `${issue.path.join(".")}: ${issue.message}` : "unexpected shape" });
    }
    return parsed.data as z.infer<T>;
  }

  return {
    auth: (request) => call("/auth", request, ZAuthResponseSchema),
    collect: (orderRef) => call("/collect", { orderRef }, ZCollectResponseSchema),
    cancel: async (orderRef) => {
      await call("/cancel", { orderRef }, ZCancelResponseSchema);
    },
  };
}
