/** MitID Erhverv: Danish MitID for employees and signatories acting for an organisation. */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { claimsAtLevel, MITID_CLAIMS, MITID_LOOK, MITID_MESSAGE_LIMIT, MITID_METHOD, mitidWordmark } from "../dk-mitid/shared";
import { businessIdentities } from "./identities";
import { text } from "./text";

const BUSINESS_CLAIMS = ["cvrNumberIdentifier", "2.5.4.10", "employee", "companySignatory", "ridNumberIdentifier", "productionUnit"];

export const dkMitidBusiness: EidFamilyDefinition<"dk-mitid-business"> = {
  id: "dk-mitid-business",
  displayName: "MitID Erhverv",
  country: "dk",
  identityScheme: "dkmitid",
  methods: [{ acr: "urn:grn:authn:dk:mitid:business", name: "MitID Erhverv", supportsDecoupled: false }],
  claimRule: claimRule({ ...MITID_CLAIMS, always: [...MITID_CLAIMS.always, ...BUSINESS_CLAIMS] }),
  connectorKinds: ["oidc"],
  hintMessageLimit: MITID_MESSAGE_LIMIT,
  authenticationMethod: () => MITID_METHOD,
  testIdentities: businessIdentities,
  claimsAtAcr: (identity, acr) => claimsAtLevel(identity, acr === "urn:grn:authn:dk:mitid:business" ? "Substantial" : undefined),
  simulator: {
    brand: { ...MITID_LOOK, wordmark: mitidWordmark("Erhverv") },
    authenticator: () => "app",
  },
  text,
};
