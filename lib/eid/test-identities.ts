/**
 * Documented test persons of the simulated eIDs (test tenants only). Every national id is
 * synthetic but passes the checks in `checksums.ts`; names and addresses are plausible and
 * invented. Claim names are Idura Verify's, so a relying party sees what production would send.
 *
 * `age` (MitID) is computed when the identities are asked for, from `now` (default: the current
 * time) on the Danish calendar date, so it always agrees with `birthdate`. Tests pass a fixed
 * `now` to stay stable.
 *
 * In every family that yields addresses exactly one person has none: a protected address
 * (navne- og adressebeskyttelse / adressesperre) that the eID withholds, an iDIN customer whose
 * bank has no address on file, or a German eID holder living abroad ("keine Hauptwohnung in
 * Deutschland").
 *
 * FTN and iDIN persons each have a bank (FTN persons also a mobile operator for mobile ID): the
 * simulator's picker shows it and `authenticationmethod` names it.
 */
import type { EidProvider, TestIdentity } from "./types";

type Claims = Record<string, unknown>;

interface Address {
  street: string;
  postalCode: string;
  locality: string;
  country: string;
}

function addressClaim({ street, postalCode, locality, country }: Address): Claims {
  return {
    formatted: `${street}\n${postalCode} ${locality}\n${country}`,
    street_address: street,
    postal_code: postalCode,
    locality,
    country,
  };
}

const NSIS = "https://data.gov.dk/concept/core/nsis";
type NsisLevel = "Low" | "Substantial" | "High";

function nsisClaims(level: NsisLevel): Claims {
  return { loA: `${NSIS}/loa/${level}`, ial: `${NSIS}/ial/${level}`, aal: `${NSIS}/aal/${level}`, fal: `${NSIS}/fal/${level}` };
}

/** Whole years from `birthdate` to `today` (both `YYYY-MM-DD`). */
function ageOn(birthdate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthdate.slice(0, 4));
  return today.slice(5) < birthdate.slice(5) ? years - 1 : years;
}

const danishDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen", year: "numeric", month: "2-digit", day: "2-digit" });

function names(given: string, family: string): Claims {
  return { name: `${given} ${family}`, given_name: given, family_name: family };
}

// ---------------------------------------------------------------------------------------------
// Danish MitID (citizens)

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

// ---------------------------------------------------------------------------------------------
// Danish MitID Erhverv (business): employees and company signatories

interface BusinessPerson extends Omit<MitidPerson, "cpr" | "birthdate"> {
  cvr: string;
  organisation: string;
  role: "employee" | "signatory";
  rid?: string;
  /** Signatories (and employees who shared it) have a CPR. */
  cpr?: string;
  birthdate?: string;
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

// ---------------------------------------------------------------------------------------------
// Swedish BankID (yields no address)

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

// ---------------------------------------------------------------------------------------------
// Norwegian BankID

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

// ---------------------------------------------------------------------------------------------
// Vipps MobilePay (Norway): fødselsnummer, contact details and address

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

// ---------------------------------------------------------------------------------------------
// Finnish Trust Network: bank ID (HETU) or mobile ID (SATU); FTN yields no address

export const FTN_BANKS = {
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

// ---------------------------------------------------------------------------------------------
// Freja eID (Sweden): personnummer, contact details and the registration level; no address

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

// ---------------------------------------------------------------------------------------------
// iDIN (Netherlands): identity from the person's bank; no national id is released

export const IDIN_BANKS = {
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

// ---------------------------------------------------------------------------------------------
// German eID (Personalausweis online function): no national id is released

interface GermanPerson {
  id: string;
  given: string;
  family: string;
  birthdate: string;
  placeOfBirth: string;
  nationality: string;
  /** Absent: "keine Hauptwohnung in Deutschland" (the holder lives abroad). */
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

// ---------------------------------------------------------------------------------------------
// Mock: the person used when a login_hint brings no `mock:` claims.

const MOCK_DEFAULT: TestIdentity = {
  id: "mock-default",
  family: "mock",
  label: "Mock Person (test only)",
  claims: { ...names("Mock", "Person"), birthdate: "1990-01-01", email: "mock.person@example.com" },
};

// ---------------------------------------------------------------------------------------------

/** The documented test identities of a family, first = default; empty for families without any. */
export function testIdentitiesFor(family: string, now: Date = new Date()): TestIdentity[] {
  const today = danishDate.format(now);
  switch (family) {
    case "dk-mitid":
      return MITID.map((p) => mitidIdentity(p, today));
    case "dk-mitid-business":
      return MITID_BUSINESS.map((p) => businessIdentity(p, today));
    case "se-bankid":
      return SE_BANKID.map(swedishIdentity);
    case "no-bankid":
      return NO_BANKID.map(norwegianIdentity);
    case "no-vipps":
      return VIPPS.map(vippsIdentity);
    case "fi-ftn":
      return FTN.map(finnishIdentity);
    case "se-freja":
      return FREJA.map(frejaIdentity);
    case "nl-idin":
      return IDIN.map(dutchIdentity);
    case "de-eid":
      return DE_EID.map(germanIdentity);
    case "mock":
      return [{ ...MOCK_DEFAULT, claims: { ...MOCK_DEFAULT.claims } }];
    default:
      return [];
  }
}

export function findTestIdentity(family: string, id: string, now: Date = new Date()): TestIdentity | undefined {
  return testIdentitiesFor(family, now).find((identity) => identity.id === id);
}

/** The stable person key at the eID: MitID's uuid, otherwise the national id, otherwise the identity id. */
export function personKeyOf(identity: TestIdentity): string {
  const uuid = identity.claims.uuid;
  if (identity.family.startsWith("dk-mitid") && typeof uuid === "string") return uuid;
  return identity.nationalId ?? identity.id;
}

const MITID_LEVELS: Readonly<Record<string, NsisLevel>> = {
  "urn:grn:authn:dk:mitid:low": "Low",
  "urn:grn:authn:dk:mitid:substantial": "Substantial",
  "urn:grn:authn:dk:mitid:high": "High",
  "urn:grn:authn:dk:mitid:business": "Substantial",
};

const FTN_MOBILE_ID = "urn:grn:authn:fi:mobile-id";

/**
 * A test identity's claims as the eID would yield them at `acr`: MitID's NSIS levels follow the
 * requested level, Norwegian BankID biometrics (`:substantial`) carries no `certsubject`, and FTN
 * identifies by `satu` through mobile ID and by `hetu` through a bank.
 */
export function claimsAtAcr(identity: TestIdentity, acr: string): Claims {
  const level = MITID_LEVELS[acr];
  if (level) return { ...identity.claims, ...nsisClaims(level) };
  if (acr === "urn:grn:authn:no:bankid:substantial") {
    const { certsubject: _certsubject, ...rest } = identity.claims;
    return rest;
  }
  if (identity.family === "fi-ftn") {
    const { hetu: hetuClaim, satu: satuClaim, ...rest } = identity.claims;
    return acr === FTN_MOBILE_ID ? { ...rest, satu: satuClaim } : { ...rest, hetu: hetuClaim };
  }
  return { ...identity.claims };
}

/**
 * The bank or operator a test identity authenticates through at `acr`: FTN mobile ID → the
 * mobile operator, otherwise the bank (FTN bank ID, iDIN); undefined for eIDs without one.
 */
export function providerAtAcr(identity: TestIdentity, acr: string): EidProvider | undefined {
  return acr === FTN_MOBILE_ID ? identity.mobileOperator : identity.bank;
}
