/**
 * National identity numbers as a family uses them outside its test identities: a decoupled
 * login's `login_hint=sub:ssn:<number>` must pass the number's checksum (CIBA Core §13
 * unknown_user_id otherwise), and in test tenants any such number is a test person, born on the
 * date the number carries.
 */
import { fodselsnummerBirthDate, isValidFodselsnummer, isValidPersonnummer, personnummerBirthDate, type IsoDate } from "../checksums";

export interface NationalIdNumber {
  isValid(id: string): boolean;
  /** The birth date the number carries; undefined when it carries none that is valid. */
  birthDate(id: string): IsoDate | undefined;
}

/** Swedish personnummer (and samordningsnummer), `YYYYMMDDNNNC`. */
export const SWEDISH_PERSONNUMMER: NationalIdNumber = { isValid: isValidPersonnummer, birthDate: personnummerBirthDate };

/** Norwegian fødselsnummer (and D-number), `DDMMYYIIIKK`. */
export const NORWEGIAN_FODSELSNUMMER: NationalIdNumber = { isValid: isValidFodselsnummer, birthDate: fodselsnummerBirthDate };
