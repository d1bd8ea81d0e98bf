/**
 * German eID (Personalausweis online function) test persons: no national id is released. One
 * holder lives abroad ("keine Hauptwohnung in Deutschland"), so the card yields no address.
 */
import { addressClaim, names, type Address } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";

interface GermanPerson {
  id: string;
  given: string;
  family: string;
  birthdate: string;
  placeOfBirth: string;
  nationality: string;
  address?: Address;
}

const DE_EID: readonly GermanPerson[] = [
  {
    id: "de-eid-1", given: "Lukas", family: "Schneider", birthdate: "1983-07-19", placeOfBirth: "München", nationality: "DE",
    address: { street: "Friedrichstraße 43", postalCode: "10117", locality: "Berlin", country: "Deutschland" },
  },
  {
    id: "de-eid-2", given: "Julia", family: "Wagner", birthdate: "1968-12-01", placeOfBirth: "Hamburg", nationality: "DE",
    address: { street: "Mönckebergstraße 7", postalCode: "20095", locality: "Hamburg", country: "Deutschland" },
  },
  { id: "de-eid-3", given: "Felix", family: "Becker", birthdate: "1996-04-25", placeOfBirth: "Köln", nationality: "DE" },
];

function germanIdentity(p: GermanPerson): TestIdentity {
  return {
    id: p.id,
    family: "de-eid",
    label: `${p.given} ${p.family} (born ${p.birthdate}${p.address ? "" : ", lives abroad"})`,
    claims: {
      ...names(p.given, p.family),
      birthdate: p.birthdate,
      place_of_birth: p.placeOfBirth,
      nationality: p.nationality,
      ...(p.address ? { address: addressClaim(p.address) } : {}),
    },
  };
}

export function germanIdentities(): TestIdentity[] {
  return DE_EID.map(germanIdentity);
}
