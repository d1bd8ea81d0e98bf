/**
 * The national identity numbers Porta reads: those a decoupled login (CIBA, headless) may name in
 * `login_hint=sub:ssn:<number>` (lib/eid/family-kit/national-id.ts gives them to the families that
 * run such logins), which the Swedish BankID RP API also takes and returns: validators and the
 * birth date each number carries. Dates are ISO calendar dates (`YYYY-MM-DD`) throughout, never
 * `Date` objects, so no time zone can shift a birthday.
 *
 * - Swedish personnummer `YYYYMMDDNNNC` (Skatteverket SKV 704): C is the Luhn digit over the
 *   last 10 digits; a day + 60 is a samordningsnummer (coordination number) and is accepted.
 * - Norwegian fødselsnummer `DDMMYYIIIKK` (Skatteetaten): two modulus-11 check digits; a check
 *   digit of 10 means the individual number is never issued. A day + 40 is a D-number and is
 *   accepted. The individual number III and the year give the century.
 */

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

interface Ymd {
  year: number;
  month: number;
  day: number;
}

function isRealDate({ year, month, day }: Ymd): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

function toIso({ year, month, day }: Ymd): IsoDate {
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

function digitsOf(s: string): number[] {
  return [...s].map(Number);
}

function weightedSum(digits: number[], weights: readonly number[]): number {
  return weights.reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0);
}

function twoDigits(s: string, at: number): number {
  return Number(s.slice(at, at + 2));
}

// ---------------------------------------------------------------------------------------------
// Swedish personnummer

/** Luhn check digit for the given digits (the digit that makes the full number pass). */
function luhnDigit(digits: number[]): number {
  const sum = digits.reduce((acc, d, i) => {
    const v = i % 2 === 0 ? d * 2 : d; // weights 2,1,2,1,... from the left over 9 digits
    return acc + (v > 9 ? v - 9 : v);
  }, 0);
  return (10 - (sum % 10)) % 10;
}

/** The birth date of a 12-digit personnummer (coordination numbers: the day minus 60). */
export function personnummerBirthDate(pnr: string): IsoDate | undefined {
  if (!/^\d{12}$/.test(pnr)) return undefined;
  const day = twoDigits(pnr, 6);
  const ymd = { year: Number(pnr.slice(0, 4)), month: twoDigits(pnr, 4), day: day > 60 ? day - 60 : day };
  return isRealDate(ymd) ? toIso(ymd) : undefined;
}

/** 12 digits `YYYYMMDDNNNC`, a real date and the Luhn digit over the last 10. */
export function isValidPersonnummer(pnr: string): boolean {
  if (personnummerBirthDate(pnr) === undefined) return false;
  const digits = digitsOf(pnr.slice(2));
  return luhnDigit(digits.slice(0, 9)) === digits[9];
}

// ---------------------------------------------------------------------------------------------
// Norwegian fødselsnummer

const FNR_K1 = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const FNR_K2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Modulus-11 check digit; undefined when it would be 10 (such numbers are never issued). */
function mod11Digit(digits: number[], weights: readonly number[]): number | undefined {
  const rest = 11 - (weightedSum(digits, weights) % 11);
  if (rest === 11) return 0;
  return rest === 10 ? undefined : rest;
}

/** The century of an individual number and two-digit year (Skatteetaten's allocation). */
function fnrCentury(individual: number, yy: number): number | undefined {
  if (individual <= 499) return 1900;
  if (individual <= 749 && yy >= 54) return 1800;
  if (yy <= 39) return 2000;
  if (individual >= 900) return 1900;
  return undefined; // 500–899 with 40–99 (and 500–749 with 40–53) are not allocated
}

/** The birth date of a fødselsnummer or D-number (day + 40), when the date and century are real. */
export function fodselsnummerBirthDate(fnr: string): IsoDate | undefined {
  if (!/^\d{11}$/.test(fnr)) return undefined;
  const yy = twoDigits(fnr, 4);
  const century = fnrCentury(Number(fnr.slice(6, 9)), yy);
  if (century === undefined) return undefined;
  const day = twoDigits(fnr, 0);
  const ymd = { year: century + yy, month: twoDigits(fnr, 2), day: day > 40 ? day - 40 : day };
  return isRealDate(ymd) ? toIso(ymd) : undefined;
}

/** 11 digits `DDMMYYIIIKK`, a real date, an allocated individual number and both check digits. */
export function isValidFodselsnummer(fnr: string): boolean {
  if (fodselsnummerBirthDate(fnr) === undefined) return false;
  const digits = digitsOf(fnr);
  const k1 = mod11Digit(digits, FNR_K1);
  const k2 = mod11Digit(digits, FNR_K2);
  return k1 !== undefined && k2 !== undefined && k1 === digits[9] && k2 === digits[10];
}
