/** Swedish BankID test persons (personnummer pass the Luhn check); BankID yields no address. */
import { names } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";

interface SwedishPerson {
  id: string;
  given: string;
  family: string;
  ssn: string;
  birthdate: string;
  ipaddress: string;
}

// IP addresses from the documentation ranges (RFC 5737).
const SE_BANKID: readonly SwedishPerson[] = [
  { id: "se-bankid-1", given: "Anna", family: "Lindqvist", ssn: "199003152387", birthdate: "1990-03-15", ipaddress: "192.0.2.15" },
  { id: "se-bankid-2", given: "Erik", family: "Johansson", ssn: "197808094515", birthdate: "1978-08-09", ipaddress: "198.51.100.42" },
  { id: "se-bankid-3", given: "Sara", family: "Bergström", ssn: "200112246723", birthdate: "2001-12-24", ipaddress: "203.0.113.7" },
];

function swedishIdentity(p: SwedishPerson): TestIdentity {
  return {
    id: p.id,
    family: "se-bankid",
    label: `${p.given} ${p.family} (${p.ssn.slice(0, 8)}-${p.ssn.slice(8)})`,
    nationalId: p.ssn,
    claims: {
      ssn: p.ssn,
      ...names(p.given, p.family),
      givenname: p.given,
      surname: p.family,
      birthdate: p.birthdate,
      ipaddress: p.ipaddress,
    },
  };
}

export function swedishIdentities(): TestIdentity[] {
  return SE_BANKID.map(swedishIdentity);
}
