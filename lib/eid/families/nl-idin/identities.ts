/**
 * iDIN (Netherlands) test persons: the identity comes from the person's bank, and no national
 * id is released. One customer's bank has no address on file.
 */
import { addressClaim, names, type Address } from "../../family-kit/person-claims";
import type { EidProvider, TestIdentity } from "../../types";

const IDIN_BANKS = {
  ing: { id: "ing", name: "ING" },
  rabobank: { id: "rabobank", name: "Rabobank" },
  abnamro: { id: "abnamro", name: "ABN AMRO" },
} as const satisfies Record<string, EidProvider>;

interface DutchPerson {
  id: string;
  given: string;
  family: string;
  birthdate: string;
  bank: EidProvider;
  address?: Address;
}

const IDIN: readonly DutchPerson[] = [
  {
    id: "idin-1", given: "Sanne", family: "de Vries", birthdate: "1988-02-14", bank: IDIN_BANKS.ing,
    address: { street: "Keizersgracht 123", postalCode: "1015 CJ", locality: "Amsterdam", country: "Nederland" },
  },
  {
    id: "idin-2", given: "Daan", family: "Bakker", birthdate: "1971-10-30", bank: IDIN_BANKS.rabobank,
    address: { street: "Oudegracht 200", postalCode: "3511 NV", locality: "Utrecht", country: "Nederland" },
  },
  { id: "idin-3", given: "Lotte", family: "van den Berg", birthdate: "2001-06-08", bank: IDIN_BANKS.abnamro },
];

function dutchIdentity(p: DutchPerson): TestIdentity {
  return {
    id: p.id,
    family: "nl-idin",
    label: `${p.given} ${p.family} (born ${p.birthdate}${p.address ? "" : ", no address"})`,
    bank: { ...p.bank },
    claims: { ...names(p.given, p.family), birthdate: p.birthdate, ...(p.address ? { address: addressClaim(p.address) } : {}) },
  };
}

export function dutchIdentities(): TestIdentity[] {
  return IDIN.map(dutchIdentity);
}
