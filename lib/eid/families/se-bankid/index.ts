/**
 * Swedish BankID: on this device (the app opens), on another device (QR code), or either. In
 * production through the BankID RP API (lib/eid/connection-kinds/se-bankid) or a broker over OpenID Connect.
 */
import { claimRule } from "../../family-kit/claim-rule";
import type { EidFamilyDefinition } from "../../family-kit/definition";
import { atMostEncoded } from "../../family-kit/hint-message";
import { SWEDISH_PERSONNUMMER } from "../../family-kit/national-id";
import { brand } from "./brand";
import { swedishIdentities } from "./identities";
import { launchFor } from "./launch";
import { text } from "./text";

export const seBankId: EidFamilyDefinition<"se-bankid"> = {
  id: "se-bankid",
  displayName: "Swedish BankID",
  country: "se",
  identityScheme: "sebankid",
  methods: [
    { acr: "urn:grn:authn:se:bankid", name: "BankID", supportsDecoupled: true },
    { acr: "urn:grn:authn:se:bankid:same-device", name: "BankID on this device", supportsDecoupled: false },
    { acr: "urn:grn:authn:se:bankid:another-device", name: "BankID on another device", supportsDecoupled: true },
    { acr: "urn:grn:authn:se:bankid:another-device:qr", name: "BankID with QR code", supportsDecoupled: true },
  ],
  claimRule: claimRule({ nationalId: ["ssn"], always: ["givenname", "surname", "ipaddress"] }),
  connectorKinds: ["se-bankid", "oidc"],
  supportsHeadless: true,
  nationalIdNumber: SWEDISH_PERSONNUMMER,
  /** BankID accepts at most 1500 characters of userVisibleData after encoding. */
  hintMessageLimit: atMostEncoded("BankID", 1500),
  authenticationMethod(acr) {
    const { app, qr } = launchFor(acr);
    if (!qr) return "bankid:same-device";
    if (!app) return "bankid:another-device";
    return "bankid:app";
  },
  testIdentities: swedishIdentities,
  simulator: {
    brand,
    authenticator: (acr) => (launchFor(acr).app ? "same-device" : "another-device"),
    launch: (acr) => (launchFor(acr).app ? "open-app" : "qr"),
  },
  text,
};
