/** iDIN (Netherlands): identity from the person's bank. `authenticationmethod` names it: "idin:ing". */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { brand } from "./brand";
import { dutchIdentities } from "./identities";
import { text } from "./text";

export const nlIdin: EidFamilyDefinition<"nl-idin"> = {
  id: "nl-idin",
  displayName: "iDIN",
  country: "nl",
  identityScheme: "nlidin",
  methods: [{ acr: "urn:grn:authn:nl:idin", name: "iDIN", supportsDecoupled: false }],
  claimRule: claimRule({}),
  connectorKinds: ["oidc"],
  authenticationMethod: (_acr, provider) => (provider ? `idin:${provider.id}` : "idin:bank"),
  testIdentities: dutchIdentities,
  simulator: { brand, authenticator: () => "bank" },
  text,
};
