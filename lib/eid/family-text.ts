/**
 * The families' own wording on the hosted login pages, in the page's language (each family keeps
 * its texts in `families/<family>/text.ts`). Generic page text stays in `lib/i18n/messages`.
 */
import type { Locale } from "../i18n/locales";
import type { EidMethod } from "./catalogue";
import { findFamily, type EidFamily } from "./families";
import type { FamilyText } from "./family-kit/definition";

const NO_TEXT: FamilyText = { methods: {} };

export function familyTextIn(family: EidFamily, locale: Locale): FamilyText {
  return findFamily(family)?.text[locale] ?? NO_TEXT;
}

/** A method's name in `locale`, or the catalogue's own name for one without a translation. */
export function methodNameIn(method: Pick<EidMethod, "acr" | "family" | "name">, locale: Locale): string {
  return familyTextIn(method.family, locale).methods[method.acr] ?? method.name;
}
