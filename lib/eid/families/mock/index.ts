/**
 * The mock eID (test tenants only, and only when asked for): the relying party chooses the
 * claims. Its connector completes the login at once; there is no simulator page.
 */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { mockConnector } from "./connector";
import { MOCK_ACR, mockPerson } from "./person";
import { text } from "./text";

export const mock: EidFamilyDefinition<"mock"> = {
  id: "mock",
  displayName: "Mock",
  country: "test",
  identityScheme: "mock",
  methods: [{ acr: MOCK_ACR, name: "Mock", supportsDecoupled: false, testOnly: true }],
  claimRule: claimRule({ nationalId: ["ssn", "cprNumberIdentifier", "socialno", "hetu"], releaseUnlisted: true }),
  connectorKinds: [],
  authenticationMethod: () => "mock",
  testIdentities: () => [mockPerson()],
  testConnector: mockConnector,
  text,
};
