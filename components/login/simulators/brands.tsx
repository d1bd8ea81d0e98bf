/**
 * How each simulated eID looks: its name, colours and a wordmark drawn in SVG (no external
 * images). Colours are chosen so white text on `solid` and `text` on white pass WCAG AA.
 * Class names are literal strings so Tailwind finds them.
 */
import type { ReactNode } from "react";

export interface Brand {
  /** The eID as a person knows it: "MitID", "Swedish BankID", ... */
  eidName: string;
  /** What the confirming app is called. */
  appName: string;
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
  appName: "MitID app",
};

export function brandFor(family: string, methodName: string): Brand {
  switch (family) {
    case "dk-mitid":
      return { ...MITID_COMMON, eidName: "MitID", wordmark: <MitIdWordmark />, wordmarkText: "MitID" };
    case "dk-mitid-business":
      return { ...MITID_COMMON, eidName: "MitID Erhverv", wordmark: <MitIdWordmark business />, wordmarkText: "MitID Erhverv" };
    case "se-bankid":
      return {
        eidName: "Swedish BankID",
        appName: "BankID app",
        wordmark: <SwedishBankIdWordmark />,
        wordmarkText: "BankID",
        header: "bg-white border-b-4 border-[#193e4f]",
        primary: "bg-[#193e4f] text-white hover:bg-[#0f2a36]",
        secondary: "border-2 border-[#193e4f] bg-white text-[#193e4f] hover:bg-[#eef6f9]",
        focus: "focus-visible:outline-[#193e4f]",
        appScreen: "bg-[#eef6f9]",
        text: "text-[#193e4f]",
      };
    case "no-bankid":
      return {
        eidName: "Norwegian BankID",
        appName: "BankID app",
        wordmark: <NorwegianBankIdWordmark />,
        wordmarkText: "BankID",
        header: "bg-[#f4eef8] border-b-4 border-[#39134c]",
        primary: "bg-[#39134c] text-white hover:bg-[#260b33]",
        secondary: "border-2 border-[#39134c] bg-white text-[#39134c] hover:bg-[#f4eef8]",
        focus: "focus-visible:outline-[#39134c]",
        appScreen: "bg-[#f4eef8]",
        text: "text-[#39134c]",
      };
    default:
      return {
        eidName: methodName,
        appName: `${methodName} app`,
        wordmark: <NeutralWordmark name={methodName} />,
        wordmarkText: methodName,
        header: "bg-slate-100 border-b-4 border-slate-700",
        primary: "bg-slate-800 text-white hover:bg-slate-900",
        secondary: "border-2 border-slate-700 bg-white text-slate-800 hover:bg-slate-100",
        focus: "focus-visible:outline-slate-700",
        appScreen: "bg-slate-100",
        text: "text-slate-800",
      };
  }
}
