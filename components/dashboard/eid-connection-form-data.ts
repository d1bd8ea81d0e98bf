/**
 * Between the dashboard's eID connection form and the connection service. Form fields carry the
 * settings' own names (`issuer`, `acrValues[<acr>]`, `claimMapping[<claim>]`, …) so the service's
 * validation errors (ConnectionInputError, naming their `field`) land next to the input they are about. This module handles only
 * what the form adds: checkboxes, numbers, per-row mappings, the PKCS#12 upload, and whether a
 * secret is present at all (stored or given). Secret values are never part of `values`, so they
 * are never sent back to the browser.
 */
import type { Connection, ConnectionInput } from "@/lib/eid/connections/service";
import type { ConnectionInputError } from "@/lib/eid/connections/connection-input-error";
import { SE_BANKID_PRODUCTION_ENDPOINT } from "@/lib/eid/connections/schemas";
import type { EidFamily } from "@/lib/eid/families";

export type ConnectionKind = "oidc" | "se-bankid";
export type EidFormValues = Record<string, string>;

export interface EidFormState {
  errors?: Record<string, string>;
  /** Non-secret values to show again (after an error or a save). */
  values?: EidFormValues;
  saved?: boolean;
}

/** What the form of one eID family offers. */
export interface FamilyFormSpec {
  family: EidFamily;
  name: string;
  kinds: ConnectionKind[];
  /** The family's acr values (rows of the acr mapping). */
  acrs: string[];
  /** The claims Porta releases for the family (rows of the claim mapping). */
  claims: string[];
}

/** Which secrets the stored connection holds (names only). */
export interface StoredSecrets {
  kind: ConnectionKind;
  names: string[];
}

export const SECRET_FIELDS = ["clientSecret", "pkcs12", "passphrase", "certificatePem", "privateKeyPem"] as const;

/** The largest PKCS#12 file accepted: its base64 must fit the stored secret's limit (40 000). */
export const MAX_PKCS12_BYTES = 29_000;

const DEFAULT_TIMEOUT_MS = "10000";

export class EidFormInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const isSecret = (name: string) => (SECRET_FIELDS as readonly string[]).includes(name);

/** The form's non-secret values, as typed (React's own `$ACTION_*` fields left out). */
export function eidFormValues(form: FormData): EidFormValues {
  const values: EidFormValues = {};
  for (const [name, value] of form.entries()) {
    if (name.startsWith("$") || isSecret(name) || typeof value !== "string") continue;
    values[name] = value;
  }
  return values;
}

async function base64OfFile(file: File): Promise<string> {
  if (file.size > MAX_PKCS12_BYTES) throw new EidFormInputError("pkcs12", `The file is too large (${file.size} bytes; at most ${MAX_PKCS12_BYTES})`);
  return Buffer.from(await file.arrayBuffer()).toString("base64");
}

/** The secrets given in the form; an empty field (or no file chosen) is absent, which keeps the stored value. */
export async function eidFormSecrets(form: FormData): Promise<Record<string, string>> {
  const secrets: Record<string, string> = {};
  for (const name of SECRET_FIELDS) {
    const value = form.get(name);
    if (value === null) continue;
    if (typeof value === "string") {
      if (value.trim() !== "") secrets[name] = value;
    } else if (value.size > 0) {
      secrets[name] = await base64OfFile(value);
    }
  }
  return secrets;
}

function milliseconds(raw: string | undefined): number | undefined {
  const text = (raw ?? "").trim();
  if (text === "") return undefined;
  if (!/^\d+$/.test(text)) throw new EidFormInputError("timeoutMs", "Enter a whole number of milliseconds (1000–30000)");
  return Number(text);
}

/** `prefix[key]` fields with a non-empty value, as a record. */
function bracketed(values: EidFormValues, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith(`${prefix}[`) || !name.endsWith("]")) continue;
    const key = name.slice(prefix.length + 1, -1);
    if (value.trim() !== "") out[key] = value.trim();
  }
  return out;
}

function oidcSettings(values: EidFormValues, spec: FamilyFormSpec) {
  const acrValues = bracketed(values, "acrValues");
  for (const acr of Object.keys(acrValues)) {
    if (!spec.acrs.includes(acr)) throw new EidFormInputError("acrValues", `${acr} is not an acr value of ${spec.name}`);
  }
  const claimMapping = bracketed(values, "claimMapping");
  for (const claim of Object.keys(claimMapping)) {
    if (!/^[^\s]+$/.test(claim)) throw new EidFormInputError("claimMapping", `"${claim}" is not a claim name`);
  }
  return {
    issuer: (values.issuer ?? "").trim(),
    clientId: values.clientId ?? "",
    clientAuth: values.clientAuth ?? "",
    scopes: values.scopes ?? "",
    acrValues,
    claimMapping,
    personKeyClaim: (values.personKeyClaim ?? "").trim() || undefined,
    useUserinfo: values.useUserinfo === "on",
    usePar: values.usePar === "on",
    forwardLoginHint: values.forwardLoginHint === "on",
    timeoutMs: milliseconds(values.timeoutMs),
  };
}

function bankIdSettings(values: EidFormValues) {
  return {
    endpoint: (values.endpoint ?? "").trim() || undefined,
    caCertificate: values.caCertificate ?? "",
    timeoutMs: milliseconds(values.timeoutMs),
  };
}

/** Refuses a save that would leave the connection without the secret it needs. */
function checkSecretsPresent(kind: ConnectionKind, values: EidFormValues, given: Record<string, string>, stored: StoredSecrets | null): void {
  const kept = stored && stored.kind === kind ? stored.names : [];
  const has = (name: string) => name in given || kept.includes(name);
  if (kind === "oidc") {
    if (values.clientAuth !== "private_key_jwt" && !has("clientSecret")) {
      throw new EidFormInputError("clientSecret", "Enter the client secret the provider issued to Porta");
    }
    return;
  }
  if (given.pkcs12 && (given.certificatePem || given.privateKeyPem)) {
    throw new EidFormInputError("pkcs12", "Give the certificate either as a PKCS#12 file or as PEM certificate and key, not both");
  }
  if (given.certificatePem && !given.privateKeyPem) throw new EidFormInputError("privateKeyPem", "Paste the private key that belongs to the certificate");
  if (given.privateKeyPem && !given.certificatePem) throw new EidFormInputError("certificatePem", "Paste the certificate that belongs to the private key");
  if (!given.pkcs12 && !given.certificatePem && !has("pkcs12") && !has("certificatePem")) {
    throw new EidFormInputError("pkcs12", "Upload the relying-party certificate (PKCS#12) or paste it as PEM certificate and key");
  }
}

/** The service input for a submitted form; throws EidFormInputError naming the field at fault. */
export function connectionInputOf(values: EidFormValues, secrets: Record<string, string>, spec: FamilyFormSpec, stored: StoredSecrets | null): ConnectionInput {
  const kind = (values.kind || spec.kinds[0]) as ConnectionKind;
  if (!spec.kinds.includes(kind)) throw new EidFormInputError("kind", `${spec.name} cannot use a ${values.kind} connection`);
  checkSecretsPresent(kind, values, secrets, stored);
  const names = kind === "oidc" ? ["clientSecret"] : ["pkcs12", "passphrase", "certificatePem", "privateKeyPem"];
  return {
    family: spec.family,
    kind,
    enabled: values.enabled === "on",
    settings: kind === "oidc" ? oidcSettings(values, spec) : bankIdSettings(values),
    secrets: Object.fromEntries(names.filter((n) => n in secrets).map((n) => [n, secrets[n]])),
  };
}

/** Settings and secrets the form shows as an input of the same name. */
const FORM_INPUTS = ["issuer", "clientId", "clientAuth", "scopes", "personKeyClaim", "useUserinfo", "usePar", "forwardLoginHint", "timeoutMs", "endpoint", "caCertificate", "kind", "clientSecret", "pkcs12", "passphrase", "certificatePem", "privateKeyPem", "acrValues", "claimMapping"];

/**
 * Where a refused setting is shown and what it says there: a claim mapping's row has its own
 * message, the acr mapping one for all rows; a setting without an input goes to the form's top.
 */
export function formErrorOf(error: ConnectionInputError): { field: string; message: string } {
  if (!FORM_INPUTS.includes(error.field)) return { field: "form", message: error.description };
  const row = error.field === "claimMapping" ? error.path[0] : undefined;
  const field = row === undefined ? error.field : `claimMapping.${row}`;
  const message = error.reason ? error.reason.charAt(0).toUpperCase() + error.reason.slice(1) : error.description;
  return { field, message };
}

/** The form's starting values: the stored connection's settings over every kind's defaults. */
export function initialEidFormValues(spec: FamilyFormSpec, connection: Connection | null): EidFormValues {
  const values: EidFormValues = {
    kind: connection?.kind ?? spec.kinds[0] ?? "oidc",
    enabled: connection ? (connection.enabled ? "on" : "") : "on",
    clientAuth: "client_secret_basic",
    scopes: "openid",
    personKeyClaim: "sub",
    usePar: "on",
    endpoint: SE_BANKID_PRODUCTION_ENDPOINT,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
  if (connection?.kind === "oidc") {
    const s = connection.settings;
    Object.assign(values, {
      issuer: s.issuer,
      clientId: s.clientId,
      clientAuth: s.clientAuth,
      scopes: s.scopes,
      personKeyClaim: s.personKeyClaim,
      useUserinfo: s.useUserinfo ? "on" : "",
      usePar: s.usePar ? "on" : "",
      forwardLoginHint: s.forwardLoginHint ? "on" : "",
      timeoutMs: String(s.timeoutMs),
    });
    for (const [acr, upstream] of Object.entries(s.acrValues)) values[`acrValues[${acr}]`] = upstream;
    for (const [claim, upstream] of Object.entries(s.claimMapping)) values[`claimMapping[${claim}]`] = upstream;
  } else if (connection?.kind === "se-bankid") {
    const s = connection.settings;
    Object.assign(values, { endpoint: s.endpoint, caCertificate: s.caCertificate, timeoutMs: String(s.timeoutMs) });
  }
  return values;
}

/** Names of the secrets a stored connection holds; Porta's generated key is not one the operator sets. */
export function storedSecretsOf(connection: Connection | null): StoredSecrets | null {
  if (!connection) return null;
  const names = Object.entries(connection.secrets)
    .filter(([name, value]) => name !== "privateJwk" && typeof value === "string" && value !== "")
    .map(([name]) => name);
  return { kind: connection.kind, names };
}
