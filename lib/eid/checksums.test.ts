import { describe, expect, it } from "vitest";
import {
  cpr,
  cprBirthDate,
  fodselsnummer,
  fodselsnummerBirthDate,
  hetu,
  hetuBirthDate,
  hetuGender,
  isValidCpr,
  isValidCvr,
  isValidFodselsnummer,
  isValidHetu,
  isValidSatu,
  isValidPersonnummer,
  personnummer,
  personnummerBirthDate,
  satu,
} from "./checksums";

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

  it("builds a CPR whose birth date round-trips", () => {
    expect(cpr("1985-06-14", 1234)).toBe("140685-1234");
    expect(cpr("2003-11-02", 4321)).toBe("021103-4321");
    expect(cprBirthDate(cpr("2003-11-02", 4321))).toBe("2003-11-02");
  });

  it("refuses a sequence that encodes another century", () => {
    expect(() => cpr("2003-11-02", 1234)).toThrow(RangeError);
    expect(() => cpr("1985-02-30", 1234)).toThrow(RangeError);
  });
});

describe("Swedish personnummer", () => {
  it.each(["198112189876", "196802020575", "199001011239"])("%s is valid", (value) => {
    expect(isValidPersonnummer(value)).toBe(true);
  });

  it("accepts a coordination number (day + 60)", () => {
    expect(isValidPersonnummer("198112789873")).toBe(true);
    expect(personnummerBirthDate("198112789873")).toBe("1981-12-18");
  });

  it.each([
    ["198112189875", "wrong check digit"],
    ["198113189876", "month 13"],
    ["198102309876", "30 February"],
    ["8112189876", "10 digits (short form)"],
    ["19811218-9876", "separator"],
    ["1981121898760", "13 digits"],
  ])("%s is invalid: %s", (value) => {
    expect(isValidPersonnummer(value)).toBe(false);
  });

  it("computes the Luhn digit", () => {
    expect(personnummer("1981-12-18", 987)).toBe("198112189876");
    expect(personnummer("2004-02-29", 3)).toMatch(/^20040229003\d$/);
    expect(isValidPersonnummer(personnummer("2004-02-29", 3))).toBe(true);
  });
});

describe("Norwegian fødselsnummer", () => {
  it.each(["27034698436", "01010750160", "15076500565"])("%s is valid", (value) => {
    expect(isValidFodselsnummer(value)).toBe(true);
  });

  it.each([
    ["27034698435", "wrong second check digit"],
    ["27034698426", "wrong first check digit"],
    ["31024698436", "31 February"],
    ["2703469843", "10 digits"],
    ["270346984366", "12 digits"],
    ["2703469843a", "not digits"],
  ])("%s is invalid: %s", (value) => {
    expect(isValidFodselsnummer(value)).toBe(false);
  });

  it("rejects an individual number not allocated to the year (750–899 in the 1940s–90s)", () => {
    expect(fodselsnummerBirthDate("01018080000")).toBeUndefined();
  });

  it("reads the century from the individual number", () => {
    expect(fodselsnummerBirthDate("27034698436")).toBe("1946-03-27");
    expect(fodselsnummerBirthDate("01010750160")).toBe("2007-01-01");
  });

  it("accepts a D-number (day + 40)", () => {
    expect(isValidFodselsnummer("67034698187")).toBe(true);
    expect(fodselsnummerBirthDate("67034698187")).toBe("1946-03-27");
  });

  it("builds both check digits", () => {
    expect(fodselsnummer("1946-03-27", 984)).toBe("27034698436");
    expect(isValidFodselsnummer(fodselsnummer("1988-05-17", 123))).toBe(true);
  });

  it("refuses an individual number whose check digit would be 10", () => {
    const refused = [...Array(500).keys()].filter((i) => {
      try {
        fodselsnummer("1988-05-17", i);
        return false;
      } catch {
        return true;
      }
    });
    expect(refused.length).toBeGreaterThan(0);
    expect(() => fodselsnummer("1988-05-17", refused[0] ?? 0)).toThrow(/check digit 10/);
  });

  it("refuses an individual number outside the year's range", () => {
    expect(() => fodselsnummer("1988-05-17", 800)).toThrow(RangeError);
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

  it("builds the check character, with the classic or a newer century sign", () => {
    expect(hetu("1952-10-13", 308)).toBe("131052-308T");
    expect(hetu("1994-05-01", 903, "Y")).toBe("010594Y9032");
    expect(isValidHetu(hetu("2010-03-04", 45, "B"))).toBe(true);
    expect(() => hetu("2010-03-04", 45, "Y")).toThrow(RangeError);
    expect(() => hetu("2010-03-04", 1)).toThrow(RangeError);
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

describe("Finnish HETU sex", () => {
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

  it("builds the check character", () => {
    expect(satu(10234567)).toBe("10234567A");
    expect(isValidSatu(satu(31452908))).toBe(true);
    expect(() => satu(1234567)).toThrow(RangeError);
  });
});
