/**
 * Building blocks of the test identities' claims, shared by the families: OIDC names and
 * addresses, and ages computed from a birthdate. Claim names are Idura Verify's, so a relying
 * party sees what production would send.
 */

export type Claims = Record<string, unknown>;

export interface Address {
  street: string;
  postalCode: string;
  locality: string;
  country: string;
}

export function addressClaim({ street, postalCode, locality, country }: Address): Claims {
  return {
    formatted: `${street}\n${postalCode} ${locality}\n${country}`,
    street_address: street,
    postal_code: postalCode,
    locality,
    country,
  };
}

export function names(given: string, family: string): Claims {
  return { name: `${given} ${family}`, given_name: given, family_name: family };
}

/** Whole years from `birthdate` to `today` (both `YYYY-MM-DD`). */
export function ageOn(birthdate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthdate.slice(0, 4));
  return today.slice(5) < birthdate.slice(5) ? years - 1 : years;
}
