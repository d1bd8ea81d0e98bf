/**
 * What one eID family is: everything Porta knows about it, in its folder under
 * `lib/eid/families/<family>/`, listed once in the registry (`lib/eid/families/index.ts`). The
 * catalogue, claim release, `authenticationmethod`, the simulators and their pages, connections
 * and the dashboard all read the family from there.
 */
import type { Locale } from "../../i18n/locales";
import type { ConnectionKindName } from "../connection-kinds";
import type { EidConnector } from "../connector";
import type { EidProvider, TestIdentity } from "../types";
import type { BrandLook } from "./brand";
import type { ClaimRule } from "./claim-rule";
import type { HintMessageLimit } from "./hint-message";
import type { NationalIdNumber } from "./national-id";
import type { Claims } from "./person-claims";

export type CountryCode = "dk" | "se" | "no" | "fi" | "nl" | "de" | "test";

/** One way to log in with the family: one acr value. */
export interface FamilyMethod {
  /** The acr value that selects this method (urn:grn:authn:<country>:<method>[:<variant>]). */
  acr: string;
  /** The catalogue's (English) name; the pages show `text[locale].methods[acr]`. */
  name: string;
  /** Decoupled logins (CIBA, headless). */
  supportsDecoupled: boolean;
  /** Only in test tenants, and only when requested explicitly. */
  testOnly?: boolean;
}

/** The simulator's wording for the family in one language. */
export interface SimulatorText {
  /** The eID as a person knows it: "MitID", "Swedish BankID", ... */
  name: string;
  /** What the confirming app is called. */
  app: string;
  /** The authenticator steps the simulated app shows, by the keys `SimulatorSpec.authenticator` returns. */
  authenticators?: Readonly<Record<string, string>>;
  /** Replaces the generic hint under the test identity select. */
  identityHint?: string;
  /** The app launch steps (`SimulatorSpec.launch`); `{app}`: the app's name. */
  launch?: { qr: string; qrScan: string; qrRefresh: string; openApp: string; openAppIntro: string; openAppOpened: string };
}

/** The family's wording in one language. */
export interface FamilyText {
  /** Each method's name by acr value (selection screen, simulator header). */
  methods: Readonly<Record<string, string>>;
  /** Absent for a family without a simulator page (the mock eID). */
  simulator?: SimulatorText;
}

export type FamilyTexts = Readonly<Record<Locale, FamilyText>>;

/** How the simulator page behaves for the family (test tenants). */
export interface SimulatorSpec {
  brand: BrandLook;
  /** The authenticator step the simulated app shows at `acr`: a key of `SimulatorText.authenticators`. */
  authenticator?(acr: string): string | undefined;
  /** How the person opens the app at `acr`: a QR code for another device, or a button on this one. */
  launch?(acr: string): "qr" | "open-app" | undefined;
  /** What the provider picker offers at `acr` (FTN mobile ID: mobile operators); banks by default. */
  providers?(acr: string): "bank" | "operator";
}

export interface EidFamilyDefinition<Id extends string = string> {
  readonly id: Id;
  /** How the dashboard names the family: "Danish MitID", "Swedish BankID", ... */
  readonly displayName: string;
  readonly country: CountryCode;
  /** The `identityscheme` claim (Idura Verify's scheme names). */
  readonly identityScheme: string;
  readonly methods: readonly FamilyMethod[];
  readonly claimRule: ClaimRule;
  /** The connection kinds (lib/eid/connection-kinds) that may serve it, preferred first; none: test tenants only. */
  readonly connectorKinds: readonly ConnectionKindName[];
  /**
   * Headless logins, for its methods that support decoupled logins: the relying party shows the
   * eID's own app launch and animated QR code itself (Swedish BankID's autostart token and QR).
   */
  readonly supportsHeadless?: boolean;
  /** The national id a decoupled login names the person by; every family with decoupled methods has one. */
  readonly nationalIdNumber?: NationalIdNumber;
  /** The longest login_hint `message:` its app shows; none: any. */
  readonly hintMessageLimit?: HintMessageLimit;
  /** Applications enabling it must send `jti` in client assertions (the Finnish Trust Network requires it). */
  readonly requiresJti?: boolean;
  /**
   * Logins need the application to take its ID tokens encrypted (FTN: the Finnish Trust
   * Network's rules require it), in test tenants too, so that an integration meets the rule
   * before it goes live.
   */
  readonly requiresIdTokenEncryption?: boolean;
  /** `authenticationmethod` of a login at `acr`, through `provider` when the person chose one (bank, operator). */
  authenticationMethod(acr: string, provider?: EidProvider): string;
  /** The documented test persons (first = default); `now` dates their ages. A fresh copy per call. */
  testIdentities(now: Date): TestIdentity[];
  /** A test person's claims as the eID yields them at `acr`; all of them, unchanged, when absent. */
  claimsAtAcr?(identity: TestIdentity, acr: string): Claims;
  /** The bank or operator a test person authenticates through at `acr`; their bank when absent. */
  providerAtAcr?(identity: TestIdentity, acr: string): EidProvider | undefined;
  /** Serves the family in test tenants instead of the simulator page (the mock eID). */
  readonly testConnector?: EidConnector;
  readonly simulator?: SimulatorSpec;
  readonly text: FamilyTexts;
}
