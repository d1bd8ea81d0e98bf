/**
 * The kinds of eID connection a production tenant can configure. Everything about a kind lives in
 * its folder; adding one is its folder, imported and listed here. Nothing else names a kind:
 * whatever depends on it asks its definition.
 */
import type { z } from "zod";
import { findFamily, type EidFamily } from "../families";
import type { ConnectionKindDefinition, KindConnection } from "./definition";
import { oidcKind } from "./oidc";
import { seBankIdKind } from "./se-bankid";

export const CONNECTION_KINDS = [oidcKind, seBankIdKind] as const;

type RegisteredDefinition = (typeof CONNECTION_KINDS)[number];
type ConnectionOf<D> = D extends ConnectionKindDefinition<infer Name, infer Settings, infer Secrets, infer _Page> ? KindConnection<Name, z.output<Settings>, z.output<Secrets>> : never;
type LoginPageOf<D> = D extends ConnectionKindDefinition<string, z.ZodObject, z.ZodObject, infer Page> ? Page : never;

export type ConnectionKindName = RegisteredDefinition["name"];
/** A stored connection of any registered kind; `kind` tells which. */
export type Connection = ConnectionOf<RegisteredDefinition>;
/** The steps of Porta's hosted eID page that the kinds bring. */
export type KindLoginPage = LoginPageOf<RegisteredDefinition>;
/** A registered kind's definition, to be used with a connection of that kind (`connectionKindOf`). */
export type RegisteredKind = ConnectionKindDefinition<ConnectionKindName, z.ZodObject, z.ZodObject, KindLoginPage>;

const byName: ReadonlyMap<string, RegisteredKind> = new Map<string, RegisteredKind>(CONNECTION_KINDS.map((kind) => [kind.name, kind]));

export const CONNECTION_KIND_NAMES = CONNECTION_KINDS.map((kind) => kind.name) as [ConnectionKindName, ...ConnectionKindName[]];

/** The kind's definition; undefined for a name no kind has (input, a removed kind's row). */
export function findConnectionKind(name: string): RegisteredKind | undefined {
  return byName.get(name);
}

/** The definition of a connection's kind (the registry keys it by the connection's `kind`). */
export function connectionKindOf(connection: Connection): RegisteredKind {
  const kind = byName.get(connection.kind);
  if (!kind) throw new Error(`eID connection kind ${connection.kind} is not registered`);
  return kind;
}

/** Which kinds may serve a catalogue family (the family says), preferred first. */
export function connectorKindsFor(family: EidFamily): ConnectionKindName[] {
  return [...(findFamily(family)?.connectorKinds ?? [])];
}

/** The names of every secret any kind stores (none of them is ever shown or sent back). */
export function allSecretNames(): string[] {
  return [...new Set(CONNECTION_KINDS.flatMap((kind) => Object.keys(kind.secretFields)))];
}

/** The secrets the operator gives, of one kind or of every kind: the write-only inputs. */
export function operatorSecretNames(kind?: RegisteredKind): string[] {
  const kinds: readonly RegisteredKind[] = kind ? [kind] : CONNECTION_KINDS;
  return [...new Set(kinds.flatMap((k) => Object.entries(k.secretFields).filter(([, source]) => source === "operator").map(([name]) => name)))];
}

/**
 * Which of the operator's secrets a connection holds, by name only: what the admin API
 * (`secrets_set`), the dashboard and the audit log say of its secrets.
 */
export function secretsSetOf(kind: RegisteredKind, secrets: Readonly<Record<string, unknown>>): string[] {
  const operator = new Set(operatorSecretNames(kind));
  return Object.entries(secrets)
    .filter(([name, value]) => operator.has(name) && value !== undefined && value !== "")
    .map(([name]) => name);
}

/** The secrets to seal: the kind's own, nothing else. */
export function secretsToSeal(kind: RegisteredKind, secrets: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(secrets).filter(([name]) => Object.hasOwn(kind.secretFields, name)));
}
