import { describe, expect, it } from "vitest";
import { SIMULATOR_LABELS } from "@/components/login/simulators/labels";
import { EID_METHODS } from "@/lib/eid/catalogue";
import { familyTextIn } from "@/lib/eid/family-text";
import { LOCALES, matchLocale, parseAcceptLanguage, resolveLocale } from "./locales";
import en from "./messages/en.json";
import da from "./messages/da.json";
import sv from "./messages/sv.json";
import nb from "./messages/nb.json";
import fi from "./messages/fi.json";

const catalogues = { en, da, sv, nb, fi } as Record<string, unknown>;

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value as Record<string, unknown>).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))) as Record<string, string>;
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("locale resolution", () => {
  it("matches tags to the supported languages", () => {
    expect(matchLocale("da-DK")).toBe("da");
    expect(matchLocale("SV")).toBe("sv");
    expect(matchLocale("no")).toBe("nb");
    expect(matchLocale("nn-NO")).toBe("nb");
    expect(matchLocale("fi_FI")).toBe("fi");
    expect(matchLocale("de")).toBeUndefined();
  });

  it("orders Accept-Language by q, dropping q=0 and *", () => {
    expect(parseAcceptLanguage("de;q=0.9, sv-SE, fi;q=0.5, da;q=0, *;q=0.1")).toEqual(["sv-SE", "de", "fi"]);
    expect(parseAcceptLanguage("")).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });

  it("prefers the switcher's cookie, then ui_locales, then Accept-Language, then English", () => {
    expect(resolveLocale({ cookie: "fi", uiLocales: ["da"], acceptLanguage: "sv" })).toBe("fi");
    expect(resolveLocale({ cookie: "xx", uiLocales: ["de", "da"], acceptLanguage: "sv" })).toBe("da");
    expect(resolveLocale({ uiLocales: ["de"], acceptLanguage: "de, nb-NO;q=0.8" })).toBe("nb");
    expect(resolveLocale({ uiLocales: [], acceptLanguage: "de-DE, fr" })).toBe("en");
    expect(resolveLocale({})).toBe("en");
  });
});

describe("message catalogues", () => {
  const english = flatten(en);

  it.each(LOCALES.filter((l) => l !== "en"))("%s has exactly the English keys and placeholders, all translated", (locale) => {
    const messages = flatten(catalogues[locale]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(messages[key]!), `${locale} ${key}`).toEqual(placeholders(text));
    }
  });

  it.each(LOCALES)("names every eID of the catalogue in %s (the families' own texts)", (locale) => {
    for (const method of EID_METHODS) expect(familyTextIn(method.family, locale).methods[method.acr], method.acr).toBeTruthy();
  });

  it("has every string of the eID simulators (English = the simulators' own defaults)", () => {
    expect(Object.keys(flatten(en.simulator)).sort()).toEqual(Object.keys(flatten(SIMULATOR_LABELS)).sort());
  });

  it("has wording for every scope the consent page lists", () => {
    expect(Object.keys(en.consent.scopes).sort()).toEqual(["address", "birthdate", "email", "gender", "openid", "phone", "ssn"]);
  });
});
