/**
 * The dashboard form of a BankID RP API connection: the environment, BankID's CA certificate, the
 * time limit, and the relying-party certificate as a PKCS#12 upload or as PEM certificate and key.
 */
import type { KindForm } from "../definition";
import { EidFormInputError, hasSecret, milliseconds } from "../form-input";
import { SE_BANKID_PRODUCTION_ENDPOINT, SE_BANKID_TEST_ENDPOINT, type TBankIdSettings } from "./schemas";

export const bankIdForm: KindForm<TBankIdSettings> = {
  inputs: ["endpoint", "caCertificate", "timeoutMs"],
  defaults: { endpoint: SE_BANKID_PRODUCTION_ENDPOINT, timeoutMs: "10000" },
  choices: {
    endpoint: [
      { value: SE_BANKID_PRODUCTION_ENDPOINT, label: `Production (${SE_BANKID_PRODUCTION_ENDPOINT})` },
      { value: SE_BANKID_TEST_ENDPOINT, label: `Test (${SE_BANKID_TEST_ENDPOINT})` },
    ],
  },

  values: (s) => ({ endpoint: s.endpoint, caCertificate: s.caCertificate, timeoutMs: String(s.timeoutMs) }),

  settingsOf: (values) => ({
    endpoint: (values.endpoint ?? "").trim() || undefined,
    caCertificate: values.caCertificate ?? "",
    timeoutMs: milliseconds(values.timeoutMs),
  }),

  checkSecrets(_values, given, kept) {
    if (given.pkcs12 && (given.certificatePem || given.privateKeyPem)) {
      throw new EidFormInputError("pkcs12", "Give the certificate either as a PKCS#12 file or as PEM certificate and key, not both");
    }
    if (given.certificatePem && !given.privateKeyPem) throw new EidFormInputError("privateKeyPem", "Paste the private key that belongs to the certificate");
    if (given.privateKeyPem && !given.certificatePem) throw new EidFormInputError("certificatePem", "Paste the certificate that belongs to the private key");
    if (!given.pkcs12 && !given.certificatePem && !hasSecret("pkcs12", given, kept) && !hasSecret("certificatePem", given, kept)) {
      throw new EidFormInputError("pkcs12", "Upload the relying-party certificate (PKCS#12) or paste it as PEM certificate and key");
    }
  },
};
