/**
 * The choices the dashboard's application form offers, as plain data for the (client-side) form:
 * the eIDs of the tenant's environment, every grant registration accepts, and the scope values
 * a static strategy may release.
 */
import { methodsForEnvironment, requiresIdTokenEncryption } from "../eid/catalogue";
import { GRANT_TYPES, SCOPE_VALUES } from "./schemas";

export interface MethodOption {
  acr: string;
  name: string;
  country: string;
  /** The application must take its ID tokens encrypted to enable it (FTN, in every tenant). */
  needsEncryption: boolean;
  /** Offered only when a request names it (the mock eID); not enabled on a new application. */
  testOnly: boolean;
  /** Usable for CIBA and headless logins. */
  supportsDecoupled: boolean;
}

export interface GrantOption {
  value: string;
  label: string;
  hint: string;
}

export interface ApplicationFormOptions {
  methods: MethodOption[];
  grants: GrantOption[];
  scopes: readonly string[];
}

const GRANTS: GrantOption[] = [
  { value: GRANT_TYPES.authorizationCode, label: "Authorization code", hint: "Browser logins returning a code (response type code)." },
  { value: GRANT_TYPES.implicit, label: "Implicit", hint: "Browser logins returning the ID token directly (response type id_token)." },
  { value: GRANT_TYPES.ciba, label: "CIBA", hint: "Client-initiated backchannel logins (/ciba/bc-authorize); needs a delivery mode." },
  { value: GRANT_TYPES.headless, label: "Headless", hint: "Decoupled logins started by the application (/headless/authorize)." },
];

export function applicationFormOptions(environment: "test" | "production"): ApplicationFormOptions {
  return {
    methods: methodsForEnvironment(environment).map((m) => ({
      acr: m.acr,
      name: m.name,
      country: m.country,
      needsEncryption: requiresIdTokenEncryption(m.acr),
      testOnly: m.testOnly === true,
      supportsDecoupled: m.supportsDecoupled,
    })),
    grants: GRANTS,
    scopes: SCOPE_VALUES,
  };
}

/** The form's values for a new application: authorization code, and every eID it can use as created. */
export function newApplicationFormValues(options: ApplicationFormOptions): Record<string, string | string[]> {
  return {
    "grant_types[]": [GRANT_TYPES.authorizationCode],
    scope_strategy: "dynamic",
    token_endpoint_auth_method: "client_secret_basic",
    id_token_signed_response_alg: "RS256",
    // Unencrypted ID tokens rule out FTN; the mock eID is only ever requested explicitly.
    "enabled_acr_values[]": options.methods.filter((m) => !m.testOnly && !m.needsEncryption).map((m) => m.acr),
  };
}
