/**
 * Finnish Trust Network test persons: bank ID (HETU) or mobile ID (SATU); FTN yields no address.
 * Each person has a bank and a mobile operator: the simulator's picker shows the one the acr
 * uses and `authenticationmethod` names it.
 */
import { names } from "../../family-kit/person-claims";
import type { EidProvider, TestIdentity } from "../../types";

const FTN_BANKS = {
  nordea: { id: "nordea", name: "Nordea" },
  op: { id: "op", name: "OP" },
  danskebank: { id: "danskebank", name: "Danske Bank" },
} as const satisfies Record<string, EidProvider>;

const FTN_OPERATORS = {
  elisa: { id: "elisa", name: "Elisa" },
  telia: { id: "telia", name: "Telia" },
  dna: { id: "dna", name: "DNA" },
} as const satisfies Record<string, EidProvider>;

interface FinnishPerson {
  id: string;
  given: string;
  family: string;
  hetu: string;
  satu: string;
  birthdate: string;
  gender: "male" | "female";
  bank: EidProvider;
  operator: EidProvider;
}

const FTN: readonly FinnishPerson[] = [
  { id: "ftn-1", given: "Mikko", family: "Virtanen", hetu: "120384-457K", satu: "10234567A", birthdate: "1984-03-12", gender: "male", bank: FTN_BANKS.nordea, operator: FTN_OPERATORS.elisa },
  { id: "ftn-2", given: "Aino", family: "Korhonen", hetu: "270962-318X", satu: "20876543V", birthdate: "1962-09-27", gender: "female", bank: FTN_BANKS.op, operator: FTN_OPERATORS.telia },
  { id: "ftn-3", given: "Elias", family: "Mäkinen", hetu: "050503A7751", satu: "31452908X", birthdate: "2003-05-05", gender: "male", bank: FTN_BANKS.danskebank, operator: FTN_OPERATORS.dna },
];

function finnishIdentity(p: FinnishPerson): TestIdentity {
  return {
    id: p.id,
    family: "fi-ftn",
    label: `${p.given} ${p.family} (HETU ${p.hetu})`,
    nationalId: p.hetu,
    bank: { ...p.bank },
    mobileOperator: { ...p.operator },
    claims: { hetu: p.hetu, satu: p.satu, ...names(p.given, p.family), birthdate: p.birthdate, gender: p.gender },
  };
}

export function finnishIdentities(): TestIdentity[] {
  return FTN.map(finnishIdentity);
}
