/** Freja eID (Sweden): the Freja app and PIN. */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { SWEDISH_PERSONNUMMER } from "../../family-kit/national-id";
import { brand } from "./brand";
import { frejaIdentities } from "./identities";
import { text } from "./text";

export const seFreja: EidFamilyDefinition<"se-freja"> = {
  id: "se-freja",
  displayName: "Freja eID",
  country: "se",
  identityScheme: "sefrejaid",
  methods: [{ acr: "urn:grn:authn:se:frejaid", name: "Freja eID", supportsDecoupled: true }],
  claimRule: claimRule({ nationalId: ["ssn"], always: ["registrationLevel"] }),
  connectorKinds: ["oidc"],
  nationalIdNumber: SWEDISH_PERSONNUMMER,
  authenticationMethod: () => "freja:app",
  testIdentities: frejaIdentities,
  simulator: { brand, authenticator: () => "app" },
  text,
};
