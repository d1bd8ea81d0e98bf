/** Danish MitID for citizens, at the three NSIS levels. */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { mitidIdentities } from "./identities";
import { claimsAtLevel, MITID_CLAIMS, MITID_LOOK, MITID_MESSAGE_LIMIT, MITID_METHOD, mitidWordmark, type NsisLevel } from "./shared";
import { text } from "./text";

const LEVELS: Readonly<Record<string, NsisLevel>> = {
  "urn:grn:authn:dk:mitid:low": "Low",
  "urn:grn:authn:dk:mitid:substantial": "Substantial",
  "urn:grn:authn:dk:mitid:high": "High",
};

export const dkMitid: EidFamilyDefinition<"dk-mitid"> = {
  id: "dk-mitid",
  displayName: "Danish MitID",
  country: "dk",
  identityScheme: "dkmitid",
  methods: [
    { acr: "urn:grn:authn:dk:mitid:low", name: "MitID", supportsDecoupled: false },
    { acr: "urn:grn:authn:dk:mitid:substantial", name: "MitID (substantial)", supportsDecoupled: false },
    { acr: "urn:grn:authn:dk:mitid:high", name: "MitID (high)", supportsDecoupled: false },
  ],
  claimRule: claimRule(MITID_CLAIMS),
  connectorKinds: ["oidc"],
  hintMessageLimit: MITID_MESSAGE_LIMIT,
  authenticationMethod: () => MITID_METHOD,
  testIdentities: mitidIdentities,
  claimsAtAcr: (identity, acr) => claimsAtLevel(identity, LEVELS[acr]),
  simulator: {
    brand: { ...MITID_LOOK, wordmark: mitidWordmark() },
    authenticator: (acr) => (acr.endsWith(":low") ? "low" : acr.endsWith(":high") ? "high" : "substantial"),
  },
  text,
};
