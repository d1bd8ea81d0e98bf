/**
 * "Test connection" for a BankID connection (dashboard): one /collect for an order that does not
 * exist. The RP API answers such a call with invalidParameters (or notFound) only after it has
 * accepted the TLS handshake and the relying-party certificate, so that answer proves the
 * endpoint, the CA and the certificate; anything else is explained in the note.
 */
import { randomUUID } from "node:crypto";
import type { ConnectionCheck } from "../definition";
import { RpCallError, createRpClient } from "./rp-client";
import type { BankIdConnection } from "./schemas";

const SERVER_CERTIFICATE_CODES = /UNABLE_TO_VERIFY|SELF_SIGNED|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ALTNAME|UNABLE_TO_GET_ISSUER|DEPTH_ZERO/;

function noteForTls(message: string, code: string | undefined): string {
  if (code && SERVER_CERTIFICATE_CODES.test(code)) {
    return `The RP API's server certificate was not accepted (${code}): check the CA certificate and the endpoint.`;
  }
  if (/client certificate or CA cannot be used/.test(message)) {
    return `The relying-party certificate cannot be read: check the PKCS#12 file and its passphrase, or the PEM certificate and key (${message}).`;
  }
  return `The RP API refused the TLS connection, most likely the relying-party certificate: ${message}`;
}

export async function checkBankIdConnection(connection: BankIdConnection): Promise<ConnectionCheck> {
  const endpoint = connection.settings.endpoint;
  try {
    await createRpClient(connection).collect(randomUUID());
    return { ok: false, note: `${endpoint} answered a made-up order as if it existed: is this the BankID RP API?` };
  } catch (error) {
    if (!(error instanceof RpCallError)) return { ok: false, note: `Unexpected failure: ${String(error)}` };
    const { problem } = error;
    if (problem.kind === "api") {
      if (problem.errorCode === "invalidParameters" || problem.errorCode === "notFound") {
        return { ok: true, note: `Connected to ${endpoint}: the RP API accepted the relying-party certificate.` };
      }
      if (problem.errorCode === "unauthorized") {
        return { ok: false, note: `${endpoint} refused the relying-party certificate (${problem.status} unauthorized): is it the certificate issued for this environment?` };
      }
      return { ok: false, note: `${endpoint} answered ${problem.status} ${problem.errorCode}${problem.details ? `: ${problem.details}` : ""}.` };
    }
    if (problem.kind === "invalid") return { ok: false, note: `${endpoint} did not answer as the BankID RP API does (${problem.detail}).` };
    switch (problem.error.kind) {
      case "tls":
        return { ok: false, note: noteForTls(problem.error.message, problem.error.code) };
      case "timeout":
        return { ok: false, note: `${endpoint} did not answer within ${connection.settings.timeoutMs} ms.` };
      case "blocked":
      case "bad_url":
        return { ok: false, note: `${endpoint} cannot be called: ${problem.error.message}.` };
      default:
        return { ok: false, note: `${endpoint} could not be reached: ${problem.error.message}.` };
    }
  }
}
