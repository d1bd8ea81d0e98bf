import type { BrandLook } from "../../family-kit/brand";

export const brand: BrandLook = {
  wordmark: {
    logo: {
      viewBox: "0 0 40 40",
      size: "h-9 w-9",
      svg:
        '<rect x="1" y="1" width="38" height="38" rx="9" fill="white" stroke="#002f6c" stroke-width="2"></rect>' +
        '<path d="M13 6v28M5 20h30" stroke="#002f6c" stroke-width="7"></path>',
    },
    words: [
      { className: "text-2xl font-extrabold tracking-tight text-[#002f6c]", text: "FTN" },
      { className: "text-xs font-semibold text-slate-700", text: "Finnish Trust Network" },
    ],
    stacked: true,
    spells: "Finnish Trust Network",
  },
  header: "bg-[#f0f5fb] border-b-4 border-[#002f6c]",
  primary: "bg-[#002f6c] text-white hover:bg-[#001f4a]",
  secondary: "border-2 border-[#002f6c] bg-white text-[#002f6c] hover:bg-[#f0f5fb]",
  focus: "focus-visible:outline-[#002f6c]",
  appScreen: "bg-[#f0f5fb]",
  text: "text-[#002f6c]",
  picked: "has-[:checked]:border-[#002f6c] has-[:checked]:bg-[#e3edf8]",
  providerBadges: {
    nordea: { fill: "#0000a0", ink: "#ffffff", initials: "N" },
    op: { fill: "#ff6a10", ink: "#111111", initials: "OP" },
    danskebank: { fill: "#003755", ink: "#ffffff", initials: "DB" },
    elisa: { fill: "#0019af", ink: "#ffffff", initials: "E" },
    telia: { fill: "#990ae3", ink: "#ffffff", initials: "T" },
    dna: { fill: "#e6007e", ink: "#ffffff", initials: "DNA" },
  },
};
