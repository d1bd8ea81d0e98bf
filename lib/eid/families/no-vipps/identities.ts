/** Vipps MobilePay (Norway) test persons: fødselsnummer, contact details and address. */
import { addressClaim, names, type Address } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";

interface VippsPerson {
  id: string;
  given: string;
  family: string;
  socialno: string;
  birthdate: string;
  email: string;
  phone: string;
  address?: Address;
}

const VIPPS: readonly VippsPerson[] = [
  {
    id: "vipps-1", given: "Jonas", family: "Solberg", socialno: "30089112334", birthdate: "1991-08-30",
    email: "jonas.solberg@example.com", phone: "+4748123401",
    address: { street: "Storgata 5", postalCode: "9008", locality: "Tromsø", country: "Norge" },
  },
  {
    id: "vipps-2", given: "Eva", family: "Lie", socialno: "11017534507", birthdate: "1975-01-11",
    email: "eva.lie@example.com", phone: "+4792123402",
    address: { street: "Olav Tryggvasons gate 40", postalCode: "7011", locality: "Trondheim", country: "Norge" },
  },
  { id: "vipps-3", given: "Emil", family: "Haugen", socialno: "03120051015", birthdate: "2000-12-03", email: "emil.haugen@example.com", phone: "+4746123403" },
];

function vippsIdentity(p: VippsPerson): TestIdentity {
  return {
    id: p.id,
    family: "no-vipps",
    label: `${p.given} ${p.family} (fnr ${p.socialno}${p.address ? "" : ", protected address"})`,
    nationalId: p.socialno,
    claims: {
      socialno: p.socialno,
      ...names(p.given, p.family),
      birthdate: p.birthdate,
      email: p.email,
      phone_number: p.phone,
      ...(p.address ? { address: addressClaim(p.address) } : {}),
    },
  };
}

export function vippsIdentities(): TestIdentity[] {
  return VIPPS.map(vippsIdentity);
}
