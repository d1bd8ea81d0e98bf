/**
 * The hosted login's messages for code outside React (Porta's own HTML pages: error, logout,
 * consent withdrawn, form_post): the same files next-intl serves to the pages, looked up by dotted
 * key, English when a language lacks the key, `{name}` placeholders filled and HTML-escaped by
 * the page that prints them.
 */
import da from "./messages/da.json";
import en from "./messages/en.json";
import fi from "./messages/fi.json";
import nb from "./messages/nb.json";
import sv from "./messages/sv.json";
import type { Locale } from "./locales";

type Tree = { readonly [key: string]: string | Tree };

const MESSAGES: Readonly<Record<Locale, Tree>> = { en, da, sv, nb, fi };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export type Translate = (key: string, values?: Readonly<Record<string, string>>) => string;

/** A translator for one language and one namespace (e.g. "problem"). */
export function translator(locale: Locale, namespace: string): Translate {
  return (key, values = {}) => {
    const full = `${namespace}.${key}`;
    const text = lookup(MESSAGES[locale], full) ?? lookup(MESSAGES.en, full) ?? full;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  };
}
