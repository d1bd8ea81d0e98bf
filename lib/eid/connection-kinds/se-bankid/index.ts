/**
 * The Swedish BankID RP API v6, called directly over mutual TLS with the relying-party certificate
 * of the tenant's BankID agreement. Browser logins show Porta's BankID step (the animated QR code
 * and the app launch) while the page polls; CIBA and headless logins run on the same orders.
 */
import type { ConnectionKindDefinition } from "../definition";
import { checkBankIdConnection } from "./check-connection";
import { createBankIdConnector } from "./connector";
import { createBankIdDecoupled } from "./decoupled";
import { bankIdForm } from "./form";
import { prepareBankId } from "./prepare";
import { ZBankIdSecretsSchema, ZBankIdSettingsSchema } from "./schemas";

export const seBankIdKind: ConnectionKindDefinition<"se-bankid", typeof ZBankIdSettingsSchema, typeof ZBankIdSecretsSchema, "bankid"> = {
  name: "se-bankid",
  label: "BankID RP API (direct)",
  shortName: "BankID RP API",
  settings: ZBankIdSettingsSchema,
  secrets: ZBankIdSecretsSchema,
  secretFields: { pkcs12: "operator", passphrase: "operator", certificatePem: "operator", privateKeyPem: "operator" },
  prepare: prepareBankId,
  connector: createBankIdConnector,
  decoupled: (connection) => Promise.resolve(createBankIdDecoupled(connection)),
  check: checkBankIdConnection,
  loginPage: "bankid",
  form: bankIdForm,
};
