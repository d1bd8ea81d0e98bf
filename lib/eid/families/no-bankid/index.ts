/** Norwegian BankID: app and personal password, biometrics (substantial), or high. */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { NORWEGIAN_FODSELSNUMMER } from "../../family-kit/national-id";
import { brand } from "./brand";
import { norwegianIdentities } from "./identities";
import { text } from "./text";

const BIOMETRICS = "urn:grn:authn:no:bankid:substantial";

export const noBankId: EidFamilyDefinition<"no-bankid"> = {
  id: "no-bankid",
  displayName: "Norwegian BankID",
  country: "no",
  identityScheme: "nobankid-oidc",
  methods: [
    { acr: "urn:grn:authn:no:bankid", name: "BankID", supportsDecoupled: true },
    { acr: BIOMETRICS, name: "BankID (biometrics)", supportsDecoupled: true },
    { acr: "urn:grn:authn:no:bankid:high", name: "BankID (high)", supportsDecoupled: true },
  ],
  claimRule: claimRule({ nationalId: ["socialno"], always: ["uniqueuserid", "certissuer", "certsubject"] }),
  connectorKinds: ["oidc"],
  nationalIdNumber: NORWEGIAN_FODSELSNUMMER,
  authenticationMethod: (acr) => (acr === BIOMETRICS ? "bankid:biometrics" : "bankid:app"),
  testIdentities: norwegianIdentities,
  /** A login with biometrics (substantial) carries no `certsubject`. */
  claimsAtAcr(identity, acr) {
    if (acr !== BIOMETRICS) return { ...identity.claims };
    const { certsubject: _certsubject, ...rest } = identity.claims;
    return rest;
  },
  simulator: {
    brand,
    authenticator: (acr) => (acr.endsWith(":substantial") ? "biometrics" : "app"),
  },
  text,
};
