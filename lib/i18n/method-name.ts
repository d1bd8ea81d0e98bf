import type { EidMethod } from "@/lib/eid/catalogue";

/** The catalogue key of an eID's display name: its acr value without the "urn:grn:authn:" prefix. */
export function methodMessageKey(method: Pick<EidMethod, "acr">): string {
  return method.acr.replace(/^urn:grn:authn:/, "");
}

/** The translated name of an eID, or the catalogue's own name for a method without a translation. */
export function translatedMethodName(t: { has(key: string): boolean; (key: string): string }, method: Pick<EidMethod, "acr" | "name">): string {
  const key = `methods.${methodMessageKey(method)}`;
  return t.has(key) ? t(key) : method.name;
}
