/**
 * The test identities' Danish and Finnish numbers pass their checksums and agree with the
 * identity's birth date and sex (README, "Test identities"), so a relying party that validates
 * what it receives accepts them. Porta itself never validates these numbers (no decoupled login
 * names a person by them; lib/eid/checksums.ts holds the ones it does), so the checks live here,
 * each tested against known numbers first:
 *
 * - Danish CPR `DDMMYY-SSSS` (CPR-kontoret, "Personnummeret i CPR"): the 7th digit and the year
 *   give the century; numbers issued since 2007 need not pass modulus 11, so none is required.
 * - Danish CVR `NNNNNNNN` (Erhvervsstyrelsen): weights 2 7 6 5 4 3 2 1, sum divisible by 11.
 * - Finnish HETU `DDMMYYCZZZQ` (Väestörekisterikeskus, decree 128/2010 as amended 2023): C is the
 *   century sign, ZZZ 002–999 the individual number (odd for men, even for women), Q the check
 *   character.
 * - Finnish SATU (sähköinen asiointitunnus, FINUID) `NNNNNNNNQ`: 8 digits and the HETU check
 *   character of the number modulo 31. Mobiilivarmenne (Finnish mobile ID) identifies by it.
 */
import { describe, expect, it } from "vitest";
import { testIdentitiesFor } from "./test-identities";

const NOW = new Date("2025-06-01T12:00:00Z");

interface Ymd {
  year: number;
  month: number;
  day: number;
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const twoDigits = (s: string, at: number) => Number(s.slice(at, at + 2));

function isoIfReal({ year, month, day }: Ymd): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

/** The century a CPR's 7th digit and two-digit year stand for (CPR-kontoret's table). */
function cprCentury(seventh: number, yy: number): number {
  if (seventh <= 3) return 1900;
  if (seventh === 4 || seventh === 9) return yy <= 36 ? 2000 : 1900;
  return yy <= 57 ? 2000 : 1800; // 5–8
}

/** The birth date a CPR number (`DDMMYY-SSSS` or 10 digits) encodes; undefined when malformed or impossible. */
function cprBirthDate(cpr: string): string | undefined {
  const m = /^(\d{6})-?(\d{4})$/.exec(cpr);
  if (!m) return undefined;
  const digits = `${m[1]}${m[2]}`;
  const yy = twoDigits(digits, 4);
  return isoIfReal({ year: cprCentury(Number(digits[6]), yy) + yy, month: twoDigits(digits, 2), day: twoDigits(digits, 0) });
}

const isValidCpr = (cpr: string) => cprBirthDate(cpr) !== undefined;

/** 8 digits, not starting with 0, weighted sum divisible by 11. */
function isValidCvr(cvr: string): boolean {
  const weights = [2, 7, 6, 5, 4, 3, 2, 1];
  return /^[1-9]\d{7}$/.test(cvr) && weights.reduce((sum, w, i) => sum + w * Number(cvr[i]), 0) % 11 === 0;
}

const HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY";
const HETU_CENTURY: Readonly<Record<string, number>> = {
  "+": 1800,
  "-": 1900, Y: 1900, X: 1900, W: 1900, V: 1900, U: 1900,
  A: 2000, B: 2000, C: 2000, D: 2000, E: 2000, F: 2000,
};
const HETU = /^(\d{6})([-+A-FU-Y])(\d{3})([0-9A-Y])$/;

function hetuBirthDate(hetu: string): string | undefined {
  const m = HETU.exec(hetu);
  const century = m ? HETU_CENTURY[m[2] ?? ""] : undefined;
  if (!m || century === undefined) return undefined;
  const ddmmyy = m[1] ?? "";
  return isoIfReal({ year: century + twoDigits(ddmmyy, 4), month: twoDigits(ddmmyy, 2), day: twoDigits(ddmmyy, 0) });
}

function isValidHetu(hetu: string): boolean {
  const m = HETU.exec(hetu);
  if (!m || hetuBirthDate(hetu) === undefined) return false;
  const [, ddmmyy = "", , zzz = "", check] = m;
  return Number(zzz) >= 2 && HETU_CHECK.charAt(Number(`${ddmmyy}${zzz}`) % 31) === check;
}

function hetuGender(hetu: string): "male" | "female" | undefined {
  if (!isValidHetu(hetu)) return undefined;
  return Number(hetu.slice(7, 10)) % 2 === 1 ? "male" : "female";
}

function isValidSatu(satu: string): boolean {
  const m = /^(\d{8})([0-9A-Y])$/.exec(satu);
  return m !== null && HETU_CHECK.charAt(Number(m[1]) % 31) === m[2];
}

describe("the checks themselves", () => {
  describe("Danish CPR", () => {
    it.each(["210127-0087", "2101270087", "070749-0071", "010190-1234", "290200-4000"])("%s is valid", (value) => {
      expect(isValidCpr(value)).toBe(true);
    });

    it.each([
      ["310290-1234", "30 February does not exist"],
      ["320190-1234", "day 32"],
      ["011390-1234", "month 13"],
      ["290201-4000", "29 February 2001 (not a leap year)"],
      ["290200-0000", "29 February 1900 (not a leap year)"],
      ["01019-1234", "too short"],
      ["010190-12345", "too long"],
      ["010190 1234", "wrong separator"],
      ["0101901234x", "not digits"],
    ])("%s is invalid: %s", (value) => {
      expect(isValidCpr(value)).toBe(false);
    });

    it.each([
      ["010190-3999", "1990-01-01"], // 7th digit 0–3: 1900s
      ["010136-4000", "2036-01-01"], // 4, year 00–36: 2000s
      ["010137-4000", "1937-01-01"], // 4, year 37–99: 1900s
      ["010157-5000", "2057-01-01"], // 5–8, year 00–57: 2000s
      ["010158-8999", "1858-01-01"], // 5–8, year 58–99: 1800s
      ["010136-9000", "2036-01-01"], // 9, year 00–36: 2000s
      ["010199-9000", "1999-01-01"], // 9, year 37–99: 1900s
    ])("cprBirthDate(%s) = %s (century from the 7th digit)", (value, date) => {
      expect(cprBirthDate(value)).toBe(date);
    });
  });

  describe("Danish CVR", () => {
    it.each(["12345674", "10150817"])("%s is valid", (value) => {
      expect(isValidCvr(value)).toBe(true);
    });

    it.each(["12345678", "1234567", "02345674"])("%s is invalid", (value) => {
      expect(isValidCvr(value)).toBe(false);
    });
  });

  describe("Finnish HETU", () => {
    it.each(["131052-308T", "010594Y9032", "020502E902X", "010100A123D"])("%s is valid", (value) => {
      expect(isValidHetu(value)).toBe(true);
    });

    it.each([
      ["131052-308U", "wrong check character"],
      ["131052G308T", "unknown century sign"],
      ["311152-308T", "31 November"],
      ["131052-001W", "individual number 001 is never issued"],
      ["131052-308", "too short"],
      ["131052-308TT", "too long"],
    ])("%s is invalid: %s", (value) => {
      expect(isValidHetu(value)).toBe(false);
    });

    it.each([
      ["131052-308T", "1952-10-13"],
      ["010594Y9032", "1994-05-01"],
      ["020502E902X", "2002-05-02"],
      ["010100+123D", "1800-01-01"],
    ])("hetuBirthDate(%s) = %s", (value, date) => {
      expect(hetuBirthDate(value)).toBe(date);
    });

    it.each([
      ["131052-308T", "female"],
      ["120384-457K", "male"],
      ["050503A7751", "male"],
      ["131052-308X", undefined],
    ])("hetuGender(%s) = %s", (value, gender) => {
      expect(hetuGender(value)).toBe(gender);
    });
  });

  describe("Finnish SATU", () => {
    // 10234567 = 31 × 330147 + 10 → "A"; 20876543 mod 31 = 27 → "V".
    it.each(["10234567A", "20876543V"])("%s is valid", (value) => {
      expect(isValidSatu(value)).toBe(true);
    });

    it.each(["10234567B", "1023456A", "102345678A", "10234567a", "10234567G"])("%s is invalid", (value) => {
      expect(isValidSatu(value)).toBe(false);
    });
  });
});

describe("the test identities' numbers", () => {
  it.each(testIdentitiesFor("dk-mitid", NOW))("MitID $id", (identity) => {
    const { cprNumberIdentifier, birthdate } = identity.claims;
    expect(typeof cprNumberIdentifier).toBe("string");
    expect(isValidCpr(String(cprNumberIdentifier))).toBe(true);
    expect(cprBirthDate(String(cprNumberIdentifier))).toBe(birthdate);
  });

  it.each(testIdentitiesFor("dk-mitid-business", NOW))("MitID Erhverv $id", (identity) => {
    const { cprNumberIdentifier, cvrNumberIdentifier, birthdate } = identity.claims;
    expect(isValidCvr(String(cvrNumberIdentifier))).toBe(true);
    if (cprNumberIdentifier !== undefined) {
      expect(isValidCpr(String(cprNumberIdentifier))).toBe(true);
      expect(cprBirthDate(String(cprNumberIdentifier))).toBe(birthdate);
    }
  });

  it.each(testIdentitiesFor("fi-ftn", NOW))("Finnish Trust Network $id", (identity) => {
    const { hetu, satu, birthdate, gender } = identity.claims;
    expect(isValidHetu(String(hetu))).toBe(true);
    expect(hetuBirthDate(String(hetu))).toBe(birthdate);
    expect(hetuGender(String(hetu))).toBe(gender);
    expect(isValidSatu(String(satu))).toBe(true);
  });
});
