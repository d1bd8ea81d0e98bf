/**
 * Between the dashboard's eID connection form and the connection service. Form fields carry the
 * settings' own names (`issuer`, `acrValues[<acr>]`, `claimMapping[<claim>]`, …) so the service's
 * validation errors (ConnectionInputError, naming their `field`) land next to the input they are
 * about. Each connection kind says what its part of the form adds (lib/eid/connection-kinds:
 * checkboxes, numbers, per-row mappings, which secrets it needs); this module handles the rest:
 * the kind chosen, the PKCS#12 upload, and the secrets, whose values are never part of `values`,
 * so they are never sent back to the browser.
 */
import { allSecretNames, CONNECTION_KINDS, connectionKindOf, findConnectionKind, operatorSecretNames, secretsSetOf, type ConnectionKindName } from "@/lib/eid/connection-kinds";
import type { FormChoice } from "@/lib/eid/connection-kinds/definition";
import { EidFormInputError } from "@/lib/eid/connection-kinds/form-input";
import type { Connection, ConnectionInput } from "@/lib/eid/connections/service";
import type { ConnectionInputError } from "@/lib/eid/connections/connection-input-error";
import type { EidFamily } from "@/lib/eid/families";

export { EidFormInputError } from "@/lib/eid/connection-kinds/form-input";

export type ConnectionKind = ConnectionKindName;
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

/** What the form shows of each kind besides its inputs: its name and its select inputs' choices. */
export interface KindFormView {
  label: string;
  choices: Readonly<Record<string, readonly FormChoice[]>>;
}

/** Which secrets the stored connection holds (names only). */
export interface StoredSecrets {
  kind: ConnectionKind;
  names: string[];
}

/** The largest PKCS#12 file accepted: its base64 must fit the stored secret's limit (40 000). */
export const MAX_PKCS12_BYTES = 29_000;

/** Every kind's label and choices, for the form (a client component, which cannot read the kinds itself). */
export function kindFormViews(): Record<ConnectionKind, KindFormView> {
  return Object.fromEntries(CONNECTION_KINDS.map((kind) => [kind.name, { label: kind.label, choices: kind.form.choices }])) as Record<ConnectionKind, KindFormView>;
}

const SECRETS = new Set(allSecretNames());

/** The form's non-secret values, as typed (React's own `$ACTION_*` fields left out). */
export function eidFormValues(form: FormData): EidFormValues {
  const values: EidFormValues = {};
  for (const [name, value] of form.entries()) {
    if (name.startsWith("$") || SECRETS.has(name) || typeof value !== "string") continue;
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
  for (const name of operatorSecretNames()) {
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

/** The service input for a submitted form; throws EidFormInputError naming the field at fault. */
export function connectionInputOf(values: EidFormValues, secrets: Record<string, string>, spec: FamilyFormSpec, stored: StoredSecrets | null): ConnectionInput {
  const name = values.kind || spec.kinds[0];
  const kind = name === undefined ? undefined : findConnectionKind(name);
  if (!kind || !spec.kinds.includes(kind.name)) throw new EidFormInputError("kind", `${spec.name} cannot use a ${values.kind} connection`);
  kind.form.checkSecrets(values, secrets, stored && stored.kind === kind.name ? stored.names : []);
  const names = operatorSecretNames(kind);
  return {
    family: spec.family,
    kind: kind.name,
    enabled: values.enabled === "on",
    settings: kind.form.settingsOf(values, spec),
    secrets: Object.fromEntries(names.filter((n) => n in secrets).map((n) => [n, secrets[n]])),
  };
}

/** Inputs of the form: the kind, every kind's settings and the secrets the operator gives. */
const FORM_INPUTS = new Set(["kind", ...CONNECTION_KINDS.flatMap((kind) => kind.form.inputs), ...operatorSecretNames()]);

/**
 * Where a refused setting is shown and what it says there: a claim mapping's row has its own
 * message, the acr mapping one for all rows; a setting without an input goes to the form's top.
 */
export function formErrorOf(error: ConnectionInputError): { field: string; message: string } {
  if (!FORM_INPUTS.has(error.field)) return { field: "form", message: error.description };
  const row = error.field === "claimMapping" ? error.path[0] : undefined;
  const field = row === undefined ? error.field : `claimMapping.${row}`;
  const message = error.reason ? error.reason.charAt(0).toUpperCase() + error.reason.slice(1) : error.description;
  return { field, message };
}

/** The form's starting values: the stored connection's settings over every kind's defaults. */
export function initialEidFormValues(spec: FamilyFormSpec, connection: Connection | null): EidFormValues {
  const values: EidFormValues = {
    kind: connection?.kind ?? spec.kinds[0] ?? "",
    enabled: connection ? (connection.enabled ? "on" : "") : "on",
    ...Object.assign({}, ...CONNECTION_KINDS.map((kind) => kind.form.defaults)),
  };
  if (connection) Object.assign(values, connectionKindOf(connection).form.values(connection.settings));
  return values;
}

/** Names of the secrets a stored connection holds; Porta's generated key is not one the operator sets. */
export function storedSecretsOf(connection: Connection | null): StoredSecrets | null {
  if (!connection) return null;
  return { kind: connection.kind, names: secretsSetOf(connectionKindOf(connection), connection.secrets) };
}
