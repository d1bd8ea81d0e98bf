/** Freja eID (Sweden) test persons: personnummer, contact details and the registration level; no address. */
import { names } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";

type FrejaLevel = "BASIC" | "EXTENDED" | "PLUS";

interface FrejaPerson {
  id: string;
  given: string;
  family: string;
  ssn: string;
  birthdate: string;
  email: string;
  phone: string;
  level: FrejaLevel;
}

const FREJA: readonly FrejaPerson[] = [
  { id: "freja-1", given: "Johanna", family: "Ek", ssn: "198605192387", birthdate: "1986-05-19", email: "johanna.ek@example.com", phone: "+46701234501", level: "EXTENDED" },
  { id: "freja-2", given: "Lars", family: "Nyberg", ssn: "195911024478", birthdate: "1959-11-02", email: "lars.nyberg@example.com", phone: "+46731234502", level: "PLUS" },
  { id: "freja-3", given: "Maja", family: "Holm", ssn: "199907079124", birthdate: "1999-07-07", email: "maja.holm@example.com", phone: "+46761234503", level: "EXTENDED" },
];

function frejaIdentity(p: FrejaPerson): TestIdentity {
  const level = `${p.level.charAt(0)}${p.level.slice(1).toLowerCase()}`;
  return {
    id: p.id,
    family: "se-freja",
    label: `${p.given} ${p.family} (${p.ssn.slice(0, 8)}-${p.ssn.slice(8)}, ${level})`,
    nationalId: p.ssn,
    claims: {
      ssn: p.ssn,
      ...names(p.given, p.family),
      birthdate: p.birthdate,
      email: p.email,
      phone_number: p.phone,
      registrationLevel: p.level,
    },
  };
}

export function frejaIdentities(): TestIdentity[] {
  return FREJA.map(frejaIdentity);
}
