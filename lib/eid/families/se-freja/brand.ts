import type { BrandLook } from "../../family-kit/brand";

export const brand: BrandLook = {
  wordmark: {
    logo: {
      viewBox: "0 0 40 40",
      size: "h-9 w-9",
      svg:
        '<circle cx="20" cy="20" r="20" fill="#4b1d6e"></circle>' +
        '<path d="M15 30V11h12M15 20h9" fill="none" stroke="white" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"></path>' +
        '<circle cx="29" cy="29" r="3" fill="#f5a623"></circle>',
    },
    words: [{ className: "text-2xl font-bold tracking-tight text-[#4b1d6e]", text: ["Freja ", { className: "font-semibold text-[#6b3a94]", text: "eID" }] }],
    spells: "Freja eID",
  },
  header: "bg-[#f6f0fa] border-b-4 border-[#4b1d6e]",
  primary: "bg-[#4b1d6e] text-white hover:bg-[#36134f]",
  secondary: "border-2 border-[#4b1d6e] bg-white text-[#4b1d6e] hover:bg-[#f6f0fa]",
  focus: "focus-visible:outline-[#4b1d6e]",
  appScreen: "bg-[#f6f0fa]",
  text: "text-[#4b1d6e]",
  picked: "has-[:checked]:border-[#4b1d6e] has-[:checked]:bg-[#f6f0fa]",
};
