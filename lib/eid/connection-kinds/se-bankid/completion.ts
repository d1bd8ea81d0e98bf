/**
 * A completed BankID order as Porta's eID result: the claim names of the Swedish BankID catalogue
 * entry (ssn, name, given_name/givenname, family_name/surname, birthdate, ipaddress). The
 * signature, OCSP response and BankID issue date stay out of the claims; the personal number is
 * the person key.
 */
import { authenticationMethodFor } from "../../authentication-method";
import type { EidMethod } from "../../catalogue";
import { personnummerBirthDate } from "../../checksums";
import type { EidResult } from "../../types";
import type { TCompletionData } from "./rp-api";

export function resultOf(method: EidMethod, completion: TCompletionData): EidResult {
  const { user, device } = completion;
  const birthdate = personnummerBirthDate(user.personalNumber);
  const claims: Record<string, unknown> = {
    ssn: user.personalNumber,
    name: user.name,
    given_name: user.givenName,
    family_name: user.surname,
    givenname: user.givenName,
    surname: user.surname,
    ...(birthdate ? { birthdate } : {}),
    ipaddress: device.ipAddress,
  };
  return { acr: method.acr, personKey: user.personalNumber, claims, method: authenticationMethodFor(method, method.acr) };
}
