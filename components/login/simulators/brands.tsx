/**
 * How each simulated eID looks: colours and a wordmark drawn in SVG (no external images). Colours
 * are chosen so white text on `primary` and `text` on white pass WCAG AA. Class names are literal
 * strings so Tailwind finds them. Names shown as text live in `labels.ts`; the wordmarks spell
 * brand names only, which are not translated.
 */
import type { ReactNode } from "react";

export interface Brand {
  wordmark: ReactNode;
  /** The words the wordmark spells, so the header does not repeat them. */
  wordmarkText: string;
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
}

function MitIdWordmark({ business }: { business?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="40" height="40" rx="10" fill="#0060e6" />
        <circle cx="20" cy="14" r="5" fill="white" />
        <path d="M10 31c1.5-6 5.5-9 10-9s8.5 3 10 9" fill="none" stroke="white" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className="text-2xl font-extrabold tracking-tight text-[#0a1f44]">
        Mit<span className="text-[#0060e6]">ID</span>
        {business ? " " : null}
        {business ? <span className="ml-1 align-middle text-base font-semibold text-slate-700">Erhverv</span> : null}
      </span>
    </span>
  );
}

function SwedishBankIdWordmark() {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="40" height="40" rx="8" fill="#193e4f" />
        <path d="M11 10h11a6 6 0 0 1 0 12H11z" fill="none" stroke="#ffffff" strokeWidth="3.5" strokeLinejoin="round" />
        <path d="M11 22h13a6 6 0 0 1 0 12H11z" fill="none" stroke="#7fc4e0" strokeWidth="3.5" strokeLinejoin="round" />
      </svg>
      <span className="text-2xl font-bold tracking-tight text-[#193e4f]">BankID</span>
    </span>
  );
}

function NorwegianBankIdWordmark() {
  const pills = [
    [4, 8], [17, 8], [4, 18], [17, 18], [4, 28],
  ] as const;
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 40" className="h-9 w-8 shrink-0" aria-hidden="true">
        {pills.map(([x, y]) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="11" height="6" rx="3" fill="#39134c" />
        ))}
      </svg>
      <span className="text-2xl font-bold tracking-tight text-[#39134c]">BankID</span>
    </span>
  );
}

function VippsWordmark() {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="40" height="40" rx="10" fill="#ff5b24" />
        <circle cx="24.5" cy="13" r="3.2" fill="white" />
        <path d="M10 20c3 9 17 9 20 0" fill="none" stroke="white" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className="text-2xl font-extrabold lowercase tracking-tight text-[#c2410c]">vipps</span>
      <span className="text-lg font-bold tracking-tight text-[#3b4fd6]">MobilePay</span>
    </span>
  );
}

function FtnWordmark() {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect x="1" y="1" width="38" height="38" rx="9" fill="white" stroke="#002f6c" strokeWidth="2" />
        <path d="M13 6v28M5 20h30" stroke="#002f6c" strokeWidth="7" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="text-2xl font-extrabold tracking-tight text-[#002f6c]">FTN</span>
        <span className="text-xs font-semibold text-slate-700">Finnish Trust Network</span>
      </span>
    </span>
  );
}

function FrejaWordmark() {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
        <circle cx="20" cy="20" r="20" fill="#4b1d6e" />
        <path d="M15 30V11h12M15 20h9" fill="none" stroke="white" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="29" cy="29" r="3" fill="#f5a623" />
      </svg>
      <span className="text-2xl font-bold tracking-tight text-[#4b1d6e]">
        Freja <span className="font-semibold text-[#6b3a94]">eID</span>
      </span>
    </span>
  );
}

function IdinWordmark() {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="40" height="40" rx="8" fill="#cc0066" />
        <rect x="8" y="16" width="5" height="15" rx="1" fill="white" />
        <circle cx="10.5" cy="10.5" r="3" fill="white" />
        <path d="M18 10h6a10.5 10.5 0 0 1 0 21h-6z" fill="none" stroke="white" strokeWidth="4.5" strokeLinejoin="round" />
      </svg>
      <span className="text-2xl font-extrabold tracking-tight text-[#0a2a5c]">
        i<span className="text-[#cc0066]">DIN</span>
      </span>
    </span>
  );
}

function GermanEidWordmark() {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 48 34" className="h-9 w-12 shrink-0" aria-hidden="true">
        <rect x="1" y="1" width="46" height="32" rx="4" fill="#f1f5f9" stroke="#003f7d" strokeWidth="2" />
        <rect x="6" y="8" width="12" height="15" rx="2" fill="#003f7d" />
        <path d="M22 11h19M22 16h15M22 21h17" stroke="#334155" strokeWidth="2.5" strokeLinecap="round" />
        <rect x="2" y="26" width="44" height="2" fill="#111111" />
        <rect x="2" y="28" width="44" height="2" fill="#dd0000" />
        <rect x="2" y="30" width="44" height="2" fill="#ffce00" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="text-xl font-bold tracking-tight text-[#003f7d]">Online-Ausweis</span>
        <span className="text-xs font-semibold text-slate-700">eID · Personalausweis</span>
      </span>
    </span>
  );
}

function NeutralWordmark({ name }: { name: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="40" height="40" rx="10" fill="#334155" />
        <rect x="9" y="12" width="22" height="16" rx="3" fill="none" stroke="white" strokeWidth="3" />
        <path d="M14 19h6M14 23h9" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="text-xl font-bold tracking-tight text-slate-800">{name}</span>
    </span>
  );
}

const MITID_COMMON = {
  header: "bg-white border-b-4 border-[#0060e6]",
  primary: "bg-[#0060e6] text-white hover:bg-[#004fbd]",
  secondary: "border-2 border-[#0060e6] bg-white text-[#0050c0] hover:bg-[#eef4ff]",
  focus: "focus-visible:outline-[#0a1f44]",
  appScreen: "bg-[#f2f6fd]",
  text: "text-[#0050c0]",
  picked: "has-[:checked]:border-[#0060e6] has-[:checked]:bg-[#eef4ff]",
};

export function brandFor(family: string, methodName: string): Brand {
  switch (family) {
    case "dk-mitid":
      return { ...MITID_COMMON, wordmark: <MitIdWordmark />, wordmarkText: "MitID" };
    case "dk-mitid-business":
      return { ...MITID_COMMON, wordmark: <MitIdWordmark business />, wordmarkText: "MitID Erhverv" };
    case "se-bankid":
      return {
        wordmark: <SwedishBankIdWordmark />,
        wordmarkText: "BankID",
        header: "bg-white border-b-4 border-[#193e4f]",
        primary: "bg-[#193e4f] text-white hover:bg-[#0f2a36]",
        secondary: "border-2 border-[#193e4f] bg-white text-[#193e4f] hover:bg-[#eef6f9]",
        focus: "focus-visible:outline-[#193e4f]",
        appScreen: "bg-[#eef6f9]",
        text: "text-[#193e4f]",
        picked: "has-[:checked]:border-[#193e4f] has-[:checked]:bg-[#eef6f9]",
      };
    case "no-bankid":
      return {
        wordmark: <NorwegianBankIdWordmark />,
        wordmarkText: "BankID",
        header: "bg-[#f4eef8] border-b-4 border-[#39134c]",
        primary: "bg-[#39134c] text-white hover:bg-[#260b33]",
        secondary: "border-2 border-[#39134c] bg-white text-[#39134c] hover:bg-[#f4eef8]",
        focus: "focus-visible:outline-[#39134c]",
        appScreen: "bg-[#f4eef8]",
        text: "text-[#39134c]",
        picked: "has-[:checked]:border-[#39134c] has-[:checked]:bg-[#f4eef8]",
      };
    case "no-vipps":
      return {
        wordmark: <VippsWordmark />,
        wordmarkText: "Vipps MobilePay",
        header: "bg-[#fff4ef] border-b-4 border-[#ff5b24]",
        primary: "bg-[#c2410c] text-white hover:bg-[#9a3412]",
        secondary: "border-2 border-[#c2410c] bg-white text-[#9a3412] hover:bg-[#fff4ef]",
        focus: "focus-visible:outline-[#9a3412]",
        appScreen: "bg-[#fff4ef]",
        text: "text-[#9a3412]",
        picked: "has-[:checked]:border-[#c2410c] has-[:checked]:bg-[#fff4ef]",
      };
    case "fi-ftn":
      return {
        wordmark: <FtnWordmark />,
        wordmarkText: "Finnish Trust Network",
        header: "bg-[#f0f5fb] border-b-4 border-[#002f6c]",
        primary: "bg-[#002f6c] text-white hover:bg-[#001f4a]",
        secondary: "border-2 border-[#002f6c] bg-white text-[#002f6c] hover:bg-[#f0f5fb]",
        focus: "focus-visible:outline-[#002f6c]",
        appScreen: "bg-[#f0f5fb]",
        text: "text-[#002f6c]",
        picked: "has-[:checked]:border-[#002f6c] has-[:checked]:bg-[#e3edf8]",
      };
    case "se-freja":
      return {
        wordmark: <FrejaWordmark />,
        wordmarkText: "Freja eID",
        header: "bg-[#f6f0fa] border-b-4 border-[#4b1d6e]",
        primary: "bg-[#4b1d6e] text-white hover:bg-[#36134f]",
        secondary: "border-2 border-[#4b1d6e] bg-white text-[#4b1d6e] hover:bg-[#f6f0fa]",
        focus: "focus-visible:outline-[#4b1d6e]",
        appScreen: "bg-[#f6f0fa]",
        text: "text-[#4b1d6e]",
        picked: "has-[:checked]:border-[#4b1d6e] has-[:checked]:bg-[#f6f0fa]",
      };
    case "nl-idin":
      return {
        wordmark: <IdinWordmark />,
        wordmarkText: "iDIN",
        header: "bg-white border-b-4 border-[#cc0066]",
        primary: "bg-[#cc0066] text-white hover:bg-[#a30052]",
        secondary: "border-2 border-[#0a2a5c] bg-white text-[#0a2a5c] hover:bg-[#fdf0f6]",
        focus: "focus-visible:outline-[#0a2a5c]",
        appScreen: "bg-[#fdf0f6]",
        text: "text-[#0a2a5c]",
        picked: "has-[:checked]:border-[#cc0066] has-[:checked]:bg-[#fdf0f6]",
      };
    case "de-eid":
      return {
        wordmark: <GermanEidWordmark />,
        wordmarkText: "Online-Ausweis",
        header: "bg-white border-b-4 border-[#003f7d]",
        primary: "bg-[#003f7d] text-white hover:bg-[#002b57]",
        secondary: "border-2 border-[#003f7d] bg-white text-[#003f7d] hover:bg-[#eef4fa]",
        focus: "focus-visible:outline-[#003f7d]",
        appScreen: "bg-[#eef4fa]",
        text: "text-[#003f7d]",
        picked: "has-[:checked]:border-[#003f7d] has-[:checked]:bg-[#eef4fa]",
      };
    default:
      return {
        wordmark: <NeutralWordmark name={methodName} />,
        wordmarkText: methodName,
        header: "bg-slate-100 border-b-4 border-slate-700",
        primary: "bg-slate-800 text-white hover:bg-slate-900",
        secondary: "border-2 border-slate-700 bg-white text-slate-800 hover:bg-slate-100",
        focus: "focus-visible:outline-slate-700",
        appScreen: "bg-slate-100",
        text: "text-slate-800",
        picked: "has-[:checked]:border-slate-700 has-[:checked]:bg-slate-100",
      };
  }
}

/** Colours of the banks and operators on the FTN and iDIN pickers (badge fill, initials colour). */
const PROVIDER_COLOURS: Readonly<Record<string, readonly [string, string, string]>> = {
  nordea: ["#0000a0", "#ffffff", "N"],
  op: ["#ff6a10", "#111111", "OP"],
  danskebank: ["#003755", "#ffffff", "DB"],
  elisa: ["#0019af", "#ffffff", "E"],
  telia: ["#990ae3", "#ffffff", "T"],
  dna: ["#e6007e", "#ffffff", "DNA"],
  ing: ["#ff6200", "#111111", "ING"],
  rabobank: ["#000099", "#ffffff", "R"],
  abnamro: ["#009286", "#ffffff", "AA"],
};

/** A bank's or operator's badge; decorative (the name is always written next to it). */
export function ProviderBadge({ id }: { id: string }) {
  const [fill, ink, initials] = PROVIDER_COLOURS[id] ?? ["#334155", "#ffffff", id.slice(0, 2).toUpperCase()];
  return (
    <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
      <rect width="40" height="40" rx="8" fill={fill} />
      <text x="20" y="25" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="800" fontSize={initials.length > 2 ? 11 : 14} fill={ink}>
        {initials}
      </text>
    </svg>
  );
}
