/**
 * The relying-party certificate of a BankID connection as TLS client options: PKCS#12 (what the
 * bank issues, with its passphrase) or PEM certificate and key; and the CA the RP API's server
 * certificate must chain to, which replaces the public roots for these connections.
 */
import type { TlsClientOptions } from "../../../net/safe-fetch";
import type { BankIdConnection } from "./schemas";

export function tlsOptionsFor(connection: BankIdConnection): TlsClientOptions {
  const { secrets, settings } = connection;
  const agentKey = `bankid:${connection.id}:${connection.updatedAt.getTime()}`;
  if (secrets.pkcs12) {
    return { agentKey, ca: settings.caCertificate, pfx: Buffer.from(secrets.pkcs12, "base64"), passphrase: secrets.passphrase ?? "" };
  }
  return { agentKey, ca: settings.caCertificate, cert: secrets.certificatePem, key: secrets.privateKeyPem };
}
