import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EID_METHODS } from "../catalogue";
import { LOCALES } from "../../i18n/locales";
import { EID_FAMILIES, findFamily, isEidFamily } from ".";

const NOW = new Date("2025-06-01T12:00:00Z");

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value as Record<string, unknown>).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))) as Record<string, string>;
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the eID family registry", () => {
  it("lists every family folder once, under its own name", () => {
    const folders = readdirSync(__dirname, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(EID_FAMILIES.map((f) => f.id).sort()).toEqual(folders.sort());
    expect(new Set(EID_FAMILIES.map((f) => f.id)).size).toBe(EID_FAMILIES.length);
  });

  it("gives every acr value to one family only", () => {
    const acrs = EID_FAMILIES.flatMap((f) => f.methods.map((m) => m.acr));
    expect(new Set(acrs).size).toBe(acrs.length);
    expect(EID_METHODS.map((m) => m.acr)).toEqual(acrs);
  });

  it("knows its families and nothing else", () => {
    expect(isEidFamily("se-bankid")).toBe(true);
    expect(isEidFamily("xx-unknown")).toBe(false);
    expect(findFamily("xx-unknown")).toBeUndefined();
  });
});

describe.each(EID_FAMILIES.map((f) => [f.id, f] as const))("%s", (_id, family) => {
  it.each(LOCALES.filter((l) => l !== "en"))("its %s texts have exactly the English keys and placeholders, all translated", (locale) => {
    const english = flatten(family.text.en);
    const texts = flatten(family.text[locale]);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(texts[key]!), `${locale} ${key}`).toEqual(placeholders(text));
    }
  });

  it("names each method in English as the catalogue does", () => {
    for (const method of family.methods) expect(family.text.en.methods[method.acr], method.acr).toBe(method.name);
    expect(Object.keys(family.text.en.methods).sort()).toEqual(family.methods.map((m) => m.acr).sort());
  });

  it("has wording for every simulator step it shows", () => {
    const { simulator } = family;
    if (!simulator) return;
    for (const locale of LOCALES) {
      const text = family.text[locale].simulator;
      expect(text, locale).toBeDefined();
      for (const { acr } of family.methods) {
        const key = simulator.authenticator?.(acr);
        if (key) expect(text?.authenticators?.[key], `${locale} ${acr} ${key}`).toBeTruthy();
        if (simulator.launch?.(acr)) expect(text?.launch, `${locale} ${acr}`).toBeDefined();
      }
    }
  });

  it("names the national id its decoupled logins ask by, and runs headless logins only when it runs decoupled ones", () => {
    const decoupled = family.methods.some((m) => m.supportsDecoupled);
    if (decoupled) expect(family.nationalIdNumber, "a family with decoupled methods needs its national id number").toBeDefined();
    if (family.supportsHeadless) expect(decoupled).toBe(true);
    for (const identity of family.testIdentities(NOW)) {
      if (family.nationalIdNumber && identity.nationalId) expect(family.nationalIdNumber.isValid(identity.nationalId), identity.id).toBe(true);
    }
  });

  it("simulated or not, has test identities of its own and a person to log in", () => {
    const identities = family.testIdentities(NOW);
    expect(identities.length).toBeGreaterThan(0);
    for (const identity of identities) expect(identity.family).toBe(family.id);
    if (!family.simulator) expect(family.testConnector, "a family without a simulator page needs its own test connector").toBeDefined();
  });
});
