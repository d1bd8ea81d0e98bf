/**
 * Danish MitID test persons (citizens). CPR numbers are synthetic but encode a real date and
 * century (lib/eid/test-identity-numbers.test.ts); one person has a protected address (navne- og
 * adressebeskyttelse), which MitID withholds. `age` is computed from `now` on the Danish calendar
 * date.
 */
import { addressClaim, ageOn, names, type Address } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";
import { danishToday, nsisClaims } from "./shared";

interface MitidPerson {
  id: string;
  given: string;
  family: string;
  uuid: string;
  cpr: string;
  birthdate: string;
  address?: Address;
}

const MITID: readonly MitidPerson[] = [
  {
    id: "mitid-1", given: "Peter", family: "Jensen", uuid: "5f0c2a7e-3b1d-4c8e-9a62-1d7e4b9f0a31", cpr: "1406851237", birthdate: "1985-06-14",
    address: { street: "Vestergade 12, 2. th.", postalCode: "8000", locality: "Aarhus C", country: "Danmark" },
  },
  {
    id: "mitid-2", given: "Mette Kirstine", family: "Nielsen", uuid: "b8e41d93-6a2f-4f57-8c0b-7e3a9d12c4f6", cpr: "0311922468", birthdate: "1992-11-03",
    address: { street: "Strandvejen 101, st.", postalCode: "2900", locality: "Hellerup", country: "Danmark" },
  },
  { id: "mitid-3", given: "Søren", family: "Kristensen", uuid: "e27a6c05-94d8-4b13-a0f1-58c3d6b7e902", cpr: "2902044017", birthdate: "2004-02-29" },
];

function mitidIdentity(p: MitidPerson, today: string): TestIdentity {
  const formattedCpr = `${p.cpr.slice(0, 6)}-${p.cpr.slice(6)}`;
  return {
    id: p.id,
    family: "dk-mitid",
    label: `${p.given} ${p.family} (CPR ${formattedCpr}${p.address ? "" : ", protected address"})`,
    nationalId: p.cpr,
    personKey: p.uuid,
    claims: {
      uuid: p.uuid,
      cprNumberIdentifier: p.cpr,
      ...names(p.given, p.family),
      birthdate: p.birthdate,
      dateofbirth: p.birthdate,
      age: ageOn(p.birthdate, today),
      ...nsisClaims("Substantial"),
      ...(p.address ? { address: addressClaim(p.address) } : {}),
    },
  };
}

export function mitidIdentities(now: Date): TestIdentity[] {
  const today = danishToday(now);
  return MITID.map((p) => mitidIdentity(p, today));
}
