/**
 * What one kind of eID connection is: a way for a production tenant to reach a real eID (an
 * upstream OpenID Connect provider, the Swedish BankID RP API). Everything Porta knows about a
 * kind lives in its folder under `lib/eid/connection-kinds/<kind>/`, listed once in the registry
 * (`lib/eid/connection-kinds/index.ts`): the connection service, browser and decoupled logins,
 * the hosted eID page, the admin API and the dashboard read the kind from there and never name it.
 */
import type { JWK } from "jose";
import type { z } from "zod";
import type { EidConnector } from "../connector";
import type { DecoupledConnector } from "../decoupled-connector";
import type { EidFamily } from "../families";

/** What every stored connection has, whatever its kind. */
export interface ConnectionBase {
  id: string;
  tenantId: string;
  family: EidFamily;
  enabled: boolean;
  updatedAt: Date;
  lastCheckedAt: Date | null;
  lastCheckOk: boolean | null;
  lastCheckNote: string | null;
}

/** A stored connection of one kind: its settings and its (unsealed) secrets. */
export type KindConnection<Kind extends string, Settings, Secrets> = ConnectionBase & { kind: Kind; settings: Settings; secrets: Secrets };

/**
 * Who gives a secret: the operator (write-only in the admin API and the dashboard, which say only
 * whether it is set), or Porta itself (a key it generates; never an input, never shown).
 */
export type SecretSource = "operator" | "porta";

/** What the operator sent to create or change a connection of the kind. */
export interface ConnectionKindInput {
  family: EidFamily;
  /** The settings as sent; the kind validates them. */
  settings: unknown;
  /** The secrets stored for this kind (none for a new connection or one changing its kind). */
  stored: Readonly<Record<string, unknown>>;
  /** Secret values given now; one left out keeps its stored value. */
  given: Readonly<Record<string, string>>;
}

/** The outcome of "test connection": can Porta reach the eID with this configuration? */
export interface ConnectionCheck {
  ok: boolean;
  note: string;
}

/** One choice of a select input of the dashboard's form. */
export interface FormChoice {
  value: string;
  label: string;
}

/**
 * The kind's part of the dashboard's connection form, as data: its inputs carry the settings'
 * own names, so that the service's errors (which name a setting) land next to their input.
 */
export interface KindForm<Settings> {
  /** The inputs (and mapping groups) of its settings. */
  readonly inputs: readonly string[];
  /** What they show for a connection not yet stored. */
  readonly defaults: Readonly<Record<string, string>>;
  /** The choices of its select inputs, by input. */
  readonly choices: Readonly<Record<string, readonly FormChoice[]>>;
  /** The inputs' values for stored settings. */
  values(settings: Settings): Record<string, string>;
  /** The settings a submitted form gives (the service validates them); throws EidFormInputError. */
  settingsOf(values: Readonly<Record<string, string>>, family: { name: string; acrs: readonly string[] }): Record<string, unknown>;
  /** Refuses a form that would leave the connection without a secret it needs (`kept`: stored ones that stay). */
  checkSecrets(values: Readonly<Record<string, string>>, given: Readonly<Record<string, string>>, kept: readonly string[]): void;
}

/** What the operator registers at the eID's provider besides Porta's redirect URI. */
export interface ProviderRegistration<Connection> {
  /** Porta's public keys the provider must know while the connection uses them (client assertions), or null. */
  keysInUse(connection: Connection): { keys: JWK[] } | null;
  /** Every public key the connection holds, served at `/eid-connections/<id>/jwks`. */
  publishedKeys(connection: Connection): { keys: JWK[] };
}

export interface ConnectionKindDefinition<
  Name extends string,
  Settings extends z.ZodObject,
  Secrets extends z.ZodObject,
  LoginPage extends string = never,
> {
  /** The `kind` stored on the connection and named by the admin API. */
  readonly name: Name;
  /** How the dashboard's form offers it: "OpenID Connect provider". */
  readonly label: string;
  /** How the dashboard's status names it: "OpenID Connect". */
  readonly shortName: string;
  /** Its settings (stored as JSON) and its secrets (sealed at rest). */
  readonly settings: Settings;
  readonly secrets: Secrets;
  /**
   * Every secret it stores, and who gives it: the one list that sealing keeps, that the admin API
   * and the dashboard take as write-only inputs and never answer with, and that the audit log
   * names without values.
   */
  readonly secretFields: Readonly<Record<keyof z.output<Secrets> & string, SecretSource>>;
  /**
   * Creating and changing a connection: the settings and secrets to store for the operator's input
   * (secrets given replace stored ones, by the kind's rules). Throws ConnectionInputError naming
   * the setting at fault.
   */
  prepare(input: ConnectionKindInput): Promise<{ settings: z.output<Settings>; secrets: z.output<Secrets> }>;
  /** Runs a browser login with the connection. */
  connector(connection: KindConnection<Name, z.output<Settings>, z.output<Secrets>>): EidConnector;
  /**
   * Runs a CIBA or headless login with the connection; undefined when it cannot run that flow
   * (absent: it runs none).
   */
  decoupled?(connection: KindConnection<Name, z.output<Settings>, z.output<Secrets>>, flow: "ciba" | "headless"): Promise<DecoupledConnector | undefined>;
  /** "Test connection": reaches the eID with the configuration and says what it found. */
  check(connection: KindConnection<Name, z.output<Settings>, z.output<Secrets>>): Promise<ConnectionCheck>;
  /**
   * The step of Porta's hosted eID page that shows its logins (`app/login/[loginId]/eid/steps.tsx`
   * renders one component per step), when its connector starts with Porta's page (BankID's app
   * launch); absent when the browser goes to the eID's provider instead.
   */
  readonly loginPage?: LoginPage;
  /** Present when the operator registers Porta at the eID's provider (its redirect URI, its keys). */
  readonly providerRegistration?: ProviderRegistration<KindConnection<Name, z.output<Settings>, z.output<Secrets>>>;
  readonly form: KindForm<z.output<Settings>>;
}
