/**
 * How each simulated eID looks: its family's brand (`lib/eid/families/<family>/brand.ts`, data:
 * the classes of each part and an SVG wordmark) rendered as React, or a neutral look for a family
 * without one. Names shown as text come from the families' texts; wordmarks spell brand names
 * only, which are not translated.
 */
import type { ReactNode } from "react";
import { findFamily } from "@/lib/eid/families";
import type { BrandLook, ProviderBadgeLook, WordmarkLook, WordmarkText } from "@/lib/eid/family-kit/brand";

export interface Brand extends Omit<BrandLook, "wordmark" | "providerBadges"> {
  wordmark: ReactNode;
  /** The words the wordmark spells, so the header does not repeat them. */
  wordmarkText: string;
  /** Badges of the banks and operators on the picker, by provider id. */
  providerBadges: Readonly<Record<string, ProviderBadgeLook>>;
}

function ink(parts: string | readonly WordmarkText[]): ReactNode {
  if (typeof parts === "string") return parts;
  return parts.map((part, i) =>
    typeof part === "string" ? (
      part
    ) : (
      <span key={i} className={part.className}>
        {ink(part.text)}
      </span>
    ),
  );
}

/** A wordmark: the logo (static markup from the family's own brand file), then its words. */
function Wordmark({ look }: { look: WordmarkLook }) {
  const words = ink(look.words);
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox={look.logo.viewBox} className={`${look.logo.size} shrink-0`} aria-hidden="true" dangerouslySetInnerHTML={{ __html: look.logo.svg }} />
      {look.stacked ? <span className="flex flex-col leading-none">{words}</span> : words}
    </span>
  );
}

function neutralLook(methodName: string): BrandLook {
  return {
    wordmark: {
      logo: {
        viewBox: "0 0 40 40",
        size: "h-9 w-9",
        svg:
          '<rect width="40" height="40" rx="10" fill="#334155"></rect>' +
          '<rect x="9" y="12" width="22" height="16" rx="3" fill="none" stroke="white" stroke-width="3"></rect>' +
          '<path d="M14 19h6M14 23h9" stroke="white" stroke-width="2.5" stroke-linecap="round"></path>',
      },
      words: [{ className: "text-xl font-bold tracking-tight text-slate-800", text: methodName }],
      spells: methodName,
    },
    header: "bg-slate-100 border-b-4 border-slate-700",
    primary: "bg-slate-800 text-white hover:bg-slate-900",
    secondary: "border-2 border-slate-700 bg-white text-slate-800 hover:bg-slate-100",
    focus: "focus-visible:outline-slate-700",
    appScreen: "bg-slate-100",
    text: "text-slate-800",
    picked: "has-[:checked]:border-slate-700 has-[:checked]:bg-slate-100",
  };
}

export function brandFor(family: string, methodName: string): Brand {
  const { wordmark, providerBadges = {}, ...look } = findFamily(family)?.simulator?.brand ?? neutralLook(methodName);
  return { ...look, wordmark: <Wordmark look={wordmark} />, wordmarkText: wordmark.spells, providerBadges };
}
