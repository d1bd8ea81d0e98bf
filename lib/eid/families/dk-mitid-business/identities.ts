/**
 * MitID Erhverv test persons: employees and company signatories, each acting for one
 * organisation (CVR numbers pass the modulus 11 check). Signatories, and employees who shared
 * it, have a CPR; one employee has a protected address.
 */
import { addressClaim, ageOn, names, type Address } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";
import { danishToday, nsisClaims } from "../dk-mitid/shared";

interface BusinessPerson {
  id: string;
  given: string;
  family: string;
  uuid: string;
  cvr: string;
  organisation: string;
  role: "employee" | "signatory";
  rid?: string;
  cpr?: string;
  birthdate?: string;
  address?: Address;
}

const MITID_BUSINESS: readonly BusinessPerson[] = [
  {
    id: "mitid-business-1", given: "Anne", family: "Holm", uuid: "0c9d5e18-7f42-4a6b-b3e5-2f8a1c6d9e47", cvr: "34872163",
    organisation: "Nordlys Solenergi ApS", role: "employee", rid: "45237189",
    address: { street: "Industrivej 8", postalCode: "5000", locality: "Odense C", country: "Danmark" },
  },
  {
    id: "mitid-business-2", given: "Henrik", family: "Møller", uuid: "7a3f8b21-c5e9-4d06-91b4-6e2d0f5a8c13", cvr: "41293055",
    organisation: "Møller & Søn Tømrerfirma ApS", role: "signatory", cpr: "2109791593", birthdate: "1979-09-21",
    address: { street: "Søndergade 3", postalCode: "7100", locality: "Vejle", country: "Danmark" },
  },
  {
    id: "mitid-business-3", given: "Camilla", family: "Andersen", uuid: "d4b72e96-1a8c-4f3d-a57e-9c0b3f6e2d18", cvr: "29581401",
    organisation: "Havnens Revision A/S", role: "employee", rid: "71904526", cpr: "3001683079", birthdate: "1968-01-30",
  },
];

function businessIdentity(p: BusinessPerson, today: string): TestIdentity {
  return {
    id: p.id,
    family: "dk-mitid-business",
    label: `${p.organisation}: ${p.given} ${p.family} (${p.role})`,
    organisation: p.organisation,
    ...(p.cpr ? { nationalId: p.cpr } : {}),
    personKey: p.uuid,
    claims: {
      uuid: p.uuid,
      ...(p.cpr ? { cprNumberIdentifier: p.cpr } : {}),
      ...names(p.given, p.family),
      ...(p.birthdate ? { birthdate: p.birthdate, dateofbirth: p.birthdate, age: ageOn(p.birthdate, today) } : {}),
      cvrNumberIdentifier: p.cvr,
      "2.5.4.10": p.organisation,
      ...(p.role === "employee" ? { employee: "true" } : { companySignatory: "true" }),
      ...(p.rid ? { ridNumberIdentifier: p.rid } : {}),
      ...nsisClaims("Substantial"),
      ...(p.address ? { address: addressClaim(p.address) } : {}),
    },
  };
}

export function businessIdentities(now: Date): TestIdentity[] {
  const today = danishToday(now);
  return MITID_BUSINESS.map((p) => businessIdentity(p, today));
}
