/**
 * The eID families Porta brokers, in catalogue order (selection screens, discovery, the
 * dashboard). Everything about a family lives in its folder; adding one is its folder, imported
 * and listed here.
 */
import type { EidFamilyDefinition } from "../family-kit/definition";
import { deEid } from "./de-eid";
import { dkMitid } from "./dk-mitid";
import { dkMitidBusiness } from "./dk-mitid-business";
import { fiFtn } from "./fi-ftn";
import { mock } from "./mock";
import { nlIdin } from "./nl-idin";
import { noBankId } from "./no-bankid";
import { noVipps } from "./no-vipps";
import { seBankId } from "./se-bankid";
import { seFreja } from "./se-freja";

export const EID_FAMILIES = [
  dkMitid,
  dkMitidBusiness,
  seBankId,
  noBankId,
  noVipps,
  fiFtn,
  seFreja,
  nlIdin,
  deEid,
  mock,
] as const;

export type EidFamily = (typeof EID_FAMILIES)[number]["id"];
export type FamilyDefinition = EidFamilyDefinition<EidFamily>;

const byId: ReadonlyMap<string, FamilyDefinition> = new Map(EID_FAMILIES.map((family) => [family.id, family]));

export function isEidFamily(value: string): value is EidFamily {
  return byId.has(value);
}

/** The family's definition; undefined for a name no family has (input, a removed family's row). */
export function findFamily(id: string): FamilyDefinition | undefined {
  return byId.get(id);
}

export function familyOf(id: EidFamily): FamilyDefinition {
  const family = byId.get(id);
  if (!family) throw new Error(`eID family ${id} is not registered`);
  return family;
}
