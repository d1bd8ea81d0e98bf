/**
 * National identity numbers of the Nordic eIDs: validators, birth dates and builders.
 *
 * The builders exist so test identities are synthetic yet pass the same checks a relying party
 * runs. Dates are ISO calendar dates (`YYYY-MM-DD`) throughout, never `Date` objects, so no time
 * zone can shift a birthday.
 *
 * - Danish CPR `DDMMYY-SSSS` (CPR-kontoret, "Personnummeret i CPR"): the 7th digit and the year
 *   give the century; numbers issued since 2007 need not pass modulus 11, so none is required.
 * - Swedish personnummer `YYYYMMDDNNNC` (Skatteverket SKV 704): C is the Luhn digit over the
 *   last 10 digits; a day + 60 is a samordningsnummer (coordination number) and is accepted.
 * - Norwegian fødselsnummer `DDMMYYIIIKK` (Skatteetaten): two modulus-11 check digits; a check
 *   digit of 10 means the individual number is never issued. A day + 40 is a D-number and is
 *   accepted. The individual number III and the year give the century.
 * - Finnish HETU `DDMMYYCZZZQ` (Väestörekisterikeskus, decree 128/2010 as amended 2023): C is the
 *   century sign, ZZZ 002–999 the individual number, Q the check character.
 * - Danish CVR `NNNNNNNN` (Erhvervsstyrelsen): weights 2 7 6 5 4 3 2 1, sum divisible by 11.
 * - Finnish SATU (sähköinen asiointitunnus, FINUID) `NNNNNNNNQ`: 8 digits and the HETU check
 *   character of the number modulo 31. Mobiilivarmenne (Finnish mobile ID) identifies by it.
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

function parseIso(date: IsoDate): Ymd {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ymd = m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : undefined;
  if (!ymd || !isRealDate(ymd)) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${date}`);
  return ymd;
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
// Danish CPR

const CPR = /^(\d{6})-?(\d{4})$/;

/** The century a CPR's 7th digit and two-digit year stand for (CPR-kontoret's table). */
function cprCentury(seventh: number, yy: number): number {
  if (seventh <= 3) return 1900;
  if (seventh === 4 || seventh === 9) return yy <= 36 ? 2000 : 1900;
  return yy <= 57 ? 2000 : 1800; // 5–8
}

/** The birth date a CPR number encodes, or undefined when it is malformed or the date is impossible. */
export function cprBirthDate(cpr: string): IsoDate | undefined {
  const m = CPR.exec(cpr);
  if (!m) return undefined;
  const digits = `${m[1]}${m[2]}`;
  const yy = twoDigits(digits, 4);
  const ymd = { year: cprCentury(Number(digits[6]), yy) + yy, month: twoDigits(digits, 2), day: twoDigits(digits, 0) };
  return isRealDate(ymd) ? toIso(ymd) : undefined;
}

/** `DDMMYY-SSSS` or the 10 digits without the hyphen. */
export function isValidCpr(cpr: string): boolean {
  return cprBirthDate(cpr) !== undefined;
}

/** Builds `DDMMYY-SSSS`; the sequence's first digit must place the year in its century. */
export function cpr(birthDate: IsoDate, sequence: number): string {
  const { year, month, day } = parseIso(birthDate);
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > 9999) throw new RangeError(`CPR sequence out of range: ${sequence}`);
  const value = `${pad2(day)}${pad2(month)}${pad2(year % 100)}-${String(sequence).padStart(4, "0")}`;
  if (cprBirthDate(value) !== birthDate) throw new RangeError(`CPR sequence ${sequence} does not encode the century of ${birthDate}`);
  return value;
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

/** Builds `YYYYMMDDNNNC` from a birth date and a 3-digit serial (the check digit is computed). */
export function personnummer(birthDate: IsoDate, serial: number): string {
  const { year, month, day } = parseIso(birthDate);
  if (!Number.isInteger(serial) || serial < 0 || serial > 999) throw new RangeError(`personnummer serial out of range: ${serial}`);
  const body = `${pad2(year % 100)}${pad2(month)}${pad2(day)}${String(serial).padStart(3, "0")}`;
  return `${String(year).padStart(4, "0").slice(0, 2)}${body}${luhnDigit(digitsOf(body))}`;
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

/**
 * Builds `DDMMYYIIIKK`. Throws when the individual number does not fit the century or a check
 * digit would be 10 — try the next individual number then.
 */
export function fodselsnummer(birthDate: IsoDate, individual: number): string {
  const { year, month, day } = parseIso(birthDate);
  if (!Number.isInteger(individual) || individual < 0 || individual > 999) throw new RangeError(`individual number out of range: ${individual}`);
  const body = `${pad2(day)}${pad2(month)}${pad2(year % 100)}${String(individual).padStart(3, "0")}`;
  if (fnrCentury(individual, year % 100) !== year - (year % 100)) {
    throw new RangeError(`individual number ${individual} is not allocated to births in ${year}`);
  }
  const k1 = mod11Digit(digitsOf(body), FNR_K1);
  const k2 = k1 === undefined ? undefined : mod11Digit(digitsOf(`${body}${k1}`), FNR_K2);
  if (k1 === undefined || k2 === undefined) throw new RangeError(`individual number ${individual} gives check digit 10 for ${birthDate}`);
  return `${body}${k1}${k2}`;
}

// ---------------------------------------------------------------------------------------------
// Finnish HETU

const HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY";
const HETU_CENTURY: Readonly<Record<string, number>> = {
  "+": 1800,
  "-": 1900, Y: 1900, X: 1900, W: 1900, V: 1900, U: 1900,
  A: 2000, B: 2000, C: 2000, D: 2000, E: 2000, F: 2000,
};
const HETU_DEFAULT_SIGN: Readonly<Record<number, string>> = { 1800: "+", 1900: "-", 2000: "A" };
const HETU = /^(\d{6})([-+A-FU-Y])(\d{3})([0-9A-Y])$/;

function hetuCheck(ddmmyy: string, zzz: string): string {
  return HETU_CHECK.charAt(Number(`${ddmmyy}${zzz}`) % 31);
}

/** The birth date of a HETU, when its century sign and date are real. */
export function hetuBirthDate(hetu: string): IsoDate | undefined {
  const m = HETU.exec(hetu);
  const century = m ? HETU_CENTURY[m[2] ?? ""] : undefined;
  if (!m || century === undefined) return undefined;
  const ddmmyy = m[1] ?? "";
  const ymd = { year: century + twoDigits(ddmmyy, 4), month: twoDigits(ddmmyy, 2), day: twoDigits(ddmmyy, 0) };
  return isRealDate(ymd) ? toIso(ymd) : undefined;
}

/** `DDMMYYCZZZQ`: a real date, a century sign, individual number 002–999 and the check character. */
export function isValidHetu(hetu: string): boolean {
  const m = HETU.exec(hetu);
  if (!m || hetuBirthDate(hetu) === undefined) return false;
  const [, ddmmyy = "", , zzz = "", check] = m;
  return Number(zzz) >= 2 && hetuCheck(ddmmyy, zzz) === check;
}

/**
 * Builds `DDMMYYCZZZQ` with the classic century sign (`+`, `-`, `A`) unless `sign` picks one of
 * the 2023 alternatives (`U`–`Y` for the 1900s, `B`–`F` for the 2000s).
 */
export function hetu(birthDate: IsoDate, individual: number, sign?: string): string {
  const { year, month, day } = parseIso(birthDate);
  if (!Number.isInteger(individual) || individual < 2 || individual > 999) throw new RangeError(`HETU individual number out of range: ${individual}`);
  const century = year - (year % 100);
  const chosen = sign ?? HETU_DEFAULT_SIGN[century];
  if (chosen === undefined || HETU_CENTURY[chosen] !== century) throw new RangeError(`no HETU century sign ${sign ?? ""} for ${year}`);
  const ddmmyy = `${pad2(day)}${pad2(month)}${pad2(year % 100)}`;
  const zzz = String(individual).padStart(3, "0");
  return `${ddmmyy}${chosen}${zzz}${hetuCheck(ddmmyy, zzz)}`;
}

/** The sex a HETU's individual number encodes: odd for men, even for women. */
export function hetuGender(hetu: string): "male" | "female" | undefined {
  if (!isValidHetu(hetu)) return undefined;
  return Number(hetu.slice(7, 10)) % 2 === 1 ? "male" : "female";
}

// ---------------------------------------------------------------------------------------------
// Finnish SATU (FINUID)

const SATU = /^(\d{8})([0-9A-Y])$/;

/** 8 digits and the check character (HETU's table, the number modulo 31). */
export function isValidSatu(satu: string): boolean {
  const m = SATU.exec(satu);
  return m !== null && HETU_CHECK.charAt(Number(m[1]) % 31) === m[2];
}

/** Builds a SATU from an 8-digit number (the check character is computed). */
export function satu(number: number): string {
  if (!Number.isInteger(number) || number < 10_000_000 || number > 99_999_999) throw new RangeError(`SATU number out of range: ${number}`);
  return `${number}${HETU_CHECK.charAt(number % 31)}`;
}

// ---------------------------------------------------------------------------------------------
// Danish CVR

const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** 8 digits, not starting with 0, weighted sum divisible by 11. */
export function isValidCvr(cvr: string): boolean {
  return /^[1-9]\d{7}$/.test(cvr) && weightedSum(digitsOf(cvr), CVR_WEIGHTS) % 11 === 0;
}
