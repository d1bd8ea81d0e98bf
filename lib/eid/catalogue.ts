/**
 * The eID catalogue: every method Porta brokers, described once. Selection screens, discovery,
 * registration validation and (later) the dashboard read it. acr values and identity schemes
 * follow Idura Verify's, so existing relying parties keep working.
 */
export type CountryCode = "dk" | "se" | "no" | "fi" | "nl" | "de" | "test";

export interface EidMethod {
  /** The acr value that selects this method (urn:grn:authn:<country>:<method>[:<variant>]). */
  acr: string;
  /** The method family (one simulator or connector serves the family). */
  family: string;
  name: string;
  country: CountryCode;
  identityScheme: string;
  /** Decoupled logins (CIBA, headless). */
  supportsDecoupled: boolean;
  /** Only in test tenants, and only when requested explicitly. */
  testOnly?: boolean;
}

const method = (m: EidMethod) => m;

export const EID_METHODS: readonly EidMethod[] = [
  method({ acr: "urn:grn:authn:dk:mitid:low", family: "dk-mitid", name: "MitID", country: "dk", identityScheme: "dkmitid", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:dk:mitid:substantial", family: "dk-mitid", name: "MitID (substantial)", country: "dk", identityScheme: "dkmitid", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:dk:mitid:high", family: "dk-mitid", name: "MitID (high)", country: "dk", identityScheme: "dkmitid", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:dk:mitid:business", family: "dk-mitid-business", name: "MitID Erhverv", country: "dk", identityScheme: "dkmitid", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:se:bankid", family: "se-bankid", name: "BankID", country: "se", identityScheme: "sebankid", supportsDecoupled: true }),
  method({ acr: "urn:grn:authn:se:bankid:same-device", family: "se-bankid", name: "BankID on this device", country: "se", identityScheme: "sebankid", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:se:bankid:another-device", family: "se-bankid", name: "BankID on another device", country: "se", identityScheme: "sebankid", supportsDecoupled: true }),
  method({ acr: "urn:grn:authn:se:bankid:another-device:qr", family: "se-bankid", name: "BankID with QR code", country: "se", identityScheme: "sebankid", supportsDecoupled: true }),
  method({ acr: "urn:grn:authn:no:bankid", family: "no-bankid", name: "BankID", country: "no", identityScheme: "nobankid-oidc", supportsDecoupled: true }),
  method({ acr: "urn:grn:authn:no:bankid:substantial", family: "no-bankid", name: "BankID (biometrics)", country: "no", identityScheme: "nobankid-oidc", supportsDecoupled: true }),
  method({ acr: "urn:grn:authn:no:bankid:high", family: "no-bankid", name: "BankID (high)", country: "no", identityScheme: "nobankid-oidc", supportsDecoupled: true }),
  method({ acr: "urn:grn:authn:no:vipps", family: "no-vipps", name: "Vipps MobilePay", country: "no", identityScheme: "novippslogin", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:fi:bank-id", family: "fi-ftn", name: "Finnish bank ID", country: "fi", identityScheme: "fitupas", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:fi:mobile-id", family: "fi-ftn", name: "Finnish Mobile ID", country: "fi", identityScheme: "fitupas", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:fi:all", family: "fi-ftn", name: "Finnish Trust Network", country: "fi", identityScheme: "fitupas", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:se:frejaid", family: "se-freja", name: "Freja eID", country: "se", identityScheme: "sefrejaid", supportsDecoupled: true }),
  method({ acr: "urn:grn:authn:nl:idin", family: "nl-idin", name: "iDIN", country: "nl", identityScheme: "nlidin", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:de:personalausweis", family: "de-eid", name: "German eID (Personalausweis)", country: "de", identityScheme: "deadesso", supportsDecoupled: false }),
  method({ acr: "urn:grn:authn:mock", family: "mock", name: "Mock", country: "test", identityScheme: "mock", supportsDecoupled: false, testOnly: true }),
];

const byAcr = new Map(EID_METHODS.map((m) => [m.acr, m]));

export function findEidMethod(acr: string): EidMethod | undefined {
  return byAcr.get(acr);
}

export function isKnownAcr(acr: string): boolean {
  return byAcr.has(acr);
}

/** The methods a tenant environment offers: test tenants have every method, production all but test-only ones. */
export function methodsForEnvironment(environment: "test" | "production"): EidMethod[] {
  return EID_METHODS.filter((m) => environment === "test" || !m.testOnly);
}

/** eIDs enabling it force `require_jti` on (spec 2.7: jti is required for FTN). */
export function requiresJti(acr: string): boolean {
  return byAcr.get(acr)?.family === "fi-ftn";
}
