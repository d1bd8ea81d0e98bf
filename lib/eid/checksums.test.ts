import { describe, expect, it } from "vitest";
import { fodselsnummerBirthDate, isValidFodselsnummer, isValidPersonnummer, personnummerBirthDate } from "./checksums";

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

  it("refuses every number whose first check digit would be 10 (such numbers are never issued)", () => {
    const endings = [...Array(100).keys()].map((n) => String(n).padStart(2, "0"));
    expect(endings.filter((kk) => isValidFodselsnummer(`170588003${kk}`))).toEqual([]);
    expect(endings.filter((kk) => isValidFodselsnummer(`170588004${kk}`))).toHaveLength(1);
  });
});
