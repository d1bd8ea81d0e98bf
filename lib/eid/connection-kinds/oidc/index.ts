/**
 * An upstream OpenID Connect provider (a MitID or FTN broker, Norwegian BankID, Vipps MobilePay,
 * Freja, or a BankID broker): Porta is the provider's client. Browser logins go to the provider
 * and come back to `/login/callback`; CIBA is relayed when the provider's discovery offers it in
 * poll mode; headless logins it cannot run.
 */
import type { ConnectionKindDefinition } from "../definition";
import { createOidcCibaConnector } from "./ciba";
import { checkOidcConnection, createOidcConnector } from "./connector";
import { oidcForm } from "./form";
import { prepareOidc, publicJwksOf } from "./prepare";
import { ZOidcSecretsSchema, ZOidcSettingsSchema } from "./schemas";

export const oidcKind: ConnectionKindDefinition<"oidc", typeof ZOidcSettingsSchema, typeof ZOidcSecretsSchema> = {
  name: "oidc",
  label: "OpenID Connect provider",
  shortName: "OpenID Connect",
  settings: ZOidcSettingsSchema,
  secrets: ZOidcSecretsSchema,
  secretFields: { clientSecret: "operator", privateJwk: "porta" },
  prepare: prepareOidc,
  connector: createOidcConnector,
  decoupled: (connection, flow) => (flow === "ciba" ? createOidcCibaConnector(connection) : Promise.resolve(undefined)),
  check: checkOidcConnection,
  providerRegistration: {
    keysInUse: (connection) => (connection.settings.clientAuth === "private_key_jwt" ? publicJwksOf(connection) : null),
    publishedKeys: publicJwksOf,
  },
  form: oidcForm,
};
