/**
 * How a simulated eID looks, as data: a wordmark (logo as static SVG markup, words with their
 * classes) and the classes of the simulator's parts. `components/login/simulators/brands.tsx`
 * renders it, so the families (and the protocol server importing them) stay free of React.
 * Classes are literal strings so Tailwind finds them; colours are chosen so white text on
 * `primary` and `text` on white pass WCAG AA. Wordmarks spell brand names, which are not
 * translated.
 */

/** A run of words: plain text, or text in a span with classes (which may nest). */
export type WordmarkText = string | { readonly className: string; readonly text: string | readonly WordmarkText[] };

export interface WordmarkLook {
  /** The logo: the inner markup of an `<svg>` (written here, never from input). */
  logo: { readonly viewBox: string; readonly size: string; readonly svg: string };
  /** The words after the logo: side by side, or one above the other when `stacked`. */
  words: readonly WordmarkText[];
  stacked?: boolean;
  /** The words the wordmark spells, so the header does not repeat them. */
  spells: string;
}

/** A bank's or operator's badge on the provider picker: fill, initials colour, initials. */
export interface ProviderBadgeLook {
  readonly fill: string;
  readonly ink: string;
  readonly initials: string;
}

export interface BrandLook {
  wordmark: WordmarkLook;
  /** Header strip of the card. */
  header: string;
  /** Primary (approve) button. */
  primary: string;
  /** Secondary (cancel) button. */
  secondary: string;
  /** Focus ring on controls. */
  focus: string;
  /** The app screen inside the phone. */
  appScreen: string;
  /** Coloured text on white (headings, the app wordmark). */
  text: string;
  /** A chosen bank or operator card on the picker. */
  picked: string;
  /** Badges of the banks and operators the family's picker offers, by provider id. */
  providerBadges?: Readonly<Record<string, ProviderBadgeLook>>;
}
