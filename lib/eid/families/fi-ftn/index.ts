/**
 * Finnish Trust Network: a bank's ID (HETU) or Mobiilivarmenne through the mobile operator
 * (SATU). `authenticationmethod` names the bank or operator: "ftn:nordea", "ftn:telia".
 */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { brand } from "./brand";
import { finnishIdentities } from "./identities";
import { text } from "./text";

const MOBILE_ID = "urn:grn:authn:fi:mobile-id";

export const fiFtn: EidFamilyDefinition<"fi-ftn"> = {
  id: "fi-ftn",
  displayName: "Finnish Trust Network",
  country: "fi",
  identityScheme: "fitupas",
  methods: [
    { acr: "urn:grn:authn:fi:bank-id", name: "Finnish bank ID", supportsDecoupled: false },
    { acr: MOBILE_ID, name: "Finnish Mobile ID", supportsDecoupled: false },
    { acr: "urn:grn:authn:fi:all", name: "Finnish Trust Network", supportsDecoupled: false },
  ],
  claimRule: claimRule({ nationalId: ["hetu", "satu"] }),
  connectorKinds: ["oidc"],
  requiresJti: true,
  requiresIdTokenEncryption: true,
  authenticationMethod: (_acr, provider) => (provider ? `ftn:${provider.id}` : "ftn:bank"),
  testIdentities: finnishIdentities,
  /** Mobile ID identifies the person by `satu`, a bank by `hetu`. */
  claimsAtAcr(identity, acr) {
    const { hetu, satu, ...rest } = identity.claims;
    return acr === MOBILE_ID ? { ...rest, satu } : { ...rest, hetu };
  },
  providerAtAcr: (identity, acr) => (acr === MOBILE_ID ? identity.mobileOperator : identity.bank),
  simulator: {
    brand,
    authenticator: (acr) => (acr.endsWith(":mobile-id") ? "mobile" : "bank"),
    providers: (acr) => (acr === MOBILE_ID ? "operator" : "bank"),
  },
  text,
};
