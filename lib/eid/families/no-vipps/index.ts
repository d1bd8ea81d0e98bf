/** Vipps MobilePay login (Norway). */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { brand } from "./brand";
import { vippsIdentities } from "./identities";
import { text } from "./text";

export const noVipps: EidFamilyDefinition<"no-vipps"> = {
  id: "no-vipps",
  displayName: "Vipps MobilePay",
  country: "no",
  identityScheme: "novippslogin",
  methods: [{ acr: "urn:grn:authn:no:vipps", name: "Vipps MobilePay", supportsDecoupled: false }],
  claimRule: claimRule({ nationalId: ["socialno"] }),
  connectorKinds: ["oidc"],
  authenticationMethod: () => "vipps:app",
  testIdentities: vippsIdentities,
  simulator: { brand, authenticator: () => "app" },
  text,
};
