/**
 * What an operator configures for the Swedish BankID RP API: the endpoint and the CA its server
 * certificate chains to (settings, stored as JSON), and the relying-party certificate (secrets,
 * sealed at rest). Every form and API input goes through these.
 */
import { z } from "zod";
import type { KindConnection } from "../definition";

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\s*$/;

export const SE_BANKID_PRODUCTION_ENDPOINT = "https://appapi2.bankid.com/rp/v6.0";
export const SE_BANKID_TEST_ENDPOINT = "https://appapi2.test.bankid.com/rp/v6.0";

export const ZBankIdSettingsSchema = z
  .object({
    /** The RP API base URL, e.g. https://appapi2.bankid.com/rp/v6.0. */
    endpoint: z.url({ protocol: /^https$/ }).max(500).default(SE_BANKID_PRODUCTION_ENDPOINT),
    /** The CA certificate(s) the RP API's server certificate chains to (PEM). */
    caCertificate: z.string().trim().regex(PEM_CERTIFICATE, "a PEM certificate (-----BEGIN CERTIFICATE-----)").max(20000),
    timeoutMs: z.number().int().min(1000).max(30000).default(10000),
  })
  .strict();

export const ZBankIdSecretsSchema = z
  .object({
    /** The relying-party certificate and key as PKCS#12, base64. */
    pkcs12: z.string().max(40000).optional(),
    passphrase: z.string().max(500).optional(),
    /** Or as PEM: certificate (chain) and private key. */
    certificatePem: z.string().max(40000).optional(),
    privateKeyPem: z.string().max(40000).optional(),
  })
  .strict()
  .refine((s) => Boolean(s.pkcs12) !== Boolean(s.certificatePem && s.privateKeyPem), "give the client certificate either as PKCS#12 or as PEM certificate and key");

export type TBankIdSettings = z.infer<typeof ZBankIdSettingsSchema>;
export type TBankIdSecrets = z.infer<typeof ZBankIdSecretsSchema>;
export type BankIdConnection = KindConnection<"se-bankid", TBankIdSettings, TBankIdSecrets>;
