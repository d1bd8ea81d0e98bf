/** The German eID: the Personalausweis's online function with the AusweisApp. */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { brand } from "./brand";
import { germanIdentities } from "./identities";
import { text } from "./text";

export const deEid: EidFamilyDefinition<"de-eid"> = {
  id: "de-eid",
  displayName: "German eID",
  country: "de",
  identityScheme: "deadesso",
  methods: [{ acr: "urn:grn:authn:de:personalausweis", name: "German eID (Personalausweis)", supportsDecoupled: false }],
  claimRule: claimRule({ always: ["nationality"], extraByScope: { birthdate: ["place_of_birth"] } }),
  connectorKinds: ["oidc"],
  authenticationMethod: () => "deeid:card",
  testIdentities: germanIdentities,
  simulator: { brand, authenticator: () => "card" },
  text,
};
