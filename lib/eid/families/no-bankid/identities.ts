/**
 * Norwegian BankID test persons (fødselsnummer pass both check digits); one has a protected
 * address (adressesperre), which BankID withholds.
 */
import { addressClaim, names, type Address } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";

interface NorwegianPerson {
  id: string;
  given: string;
  family: string;
  socialno: string;
  birthdate: string;
  uniqueuserid: string;
  email: string;
  phone: string;
  address?: Address;
}

const NO_CERT_ISSUER = "CN=BankID - Porta Testbank - Bank CA 3,OU=999999999,O=Porta Testbank AS,C=NO";

const NO_BANKID: readonly NorwegianPerson[] = [
  {
    id: "no-bankid-1", given: "Ingrid", family: "Hansen", socialno: "22048712359", birthdate: "1987-04-22", uniqueuserid: "9578-6000-4-418207",
    email: "ingrid.hansen@example.com", phone: "+4791234501",
    address: { street: "Thereses gate 14", postalCode: "0452", locality: "Oslo", country: "Norge" },
  },
  {
    id: "no-bankid-2", given: "Magnus", family: "Berg", socialno: "05106334570", birthdate: "1963-10-05", uniqueuserid: "9578-6000-4-526931",
    email: "magnus.berg@example.com", phone: "+4741234502",
    address: { street: "Kong Oscars gate 22", postalCode: "5017", locality: "Bergen", country: "Norge" },
  },
  {
    id: "no-bankid-3", given: "Sofie", family: "Johansen", socialno: "17060261210", birthdate: "2002-06-17", uniqueuserid: "9578-6000-4-603748",
    email: "sofie.johansen@example.com", phone: "+4791234503",
  },
];

function norwegianIdentity(p: NorwegianPerson): TestIdentity {
  return {
    id: p.id,
    family: "no-bankid",
    label: `${p.given} ${p.family} (fnr ${p.socialno}${p.address ? "" : ", protected address"})`,
    nationalId: p.socialno,
    claims: {
      socialno: p.socialno,
      uniqueuserid: p.uniqueuserid,
      certissuer: NO_CERT_ISSUER,
      certsubject: `CN=${p.family}\\, ${p.given},O=Porta Testbank AS,C=NO,SERIALNUMBER=${p.uniqueuserid}`,
      ...names(p.given, p.family),
      birthdate: p.birthdate,
      email: p.email,
      phone_number: p.phone,
      ...(p.address ? { address: addressClaim(p.address) } : {}),
    },
  };
}

export function norwegianIdentities(): TestIdentity[] {
  return NO_BANKID.map(norwegianIdentity);
}
