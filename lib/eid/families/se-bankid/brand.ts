import type { BrandLook } from "../../family-kit/brand";

export const brand: BrandLook = {
  wordmark: {
    logo: {
      viewBox: "0 0 40 40",
      size: "h-9 w-9",
      svg:
        '<rect width="40" height="40" rx="8" fill="#193e4f"></rect>' +
        '<path d="M11 10h11a6 6 0 0 1 0 12H11z" fill="none" stroke="#ffffff" stroke-width="3.5" stroke-linejoin="round"></path>' +
        '<path d="M11 22h13a6 6 0 0 1 0 12H11z" fill="none" stroke="#7fc4e0" stroke-width="3.5" stroke-linejoin="round"></path>',
    },
    words: [{ className: "text-2xl font-bold tracking-tight text-[#193e4f]", text: "BankID" }],
    spells: "BankID",
  },
  header: "bg-white border-b-4 border-[#193e4f]",
  primary: "bg-[#193e4f] text-white hover:bg-[#0f2a36]",
  secondary: "border-2 border-[#193e4f] bg-white text-[#193e4f] hover:bg-[#eef6f9]",
  focus: "focus-visible:outline-[#193e4f]",
  appScreen: "bg-[#eef6f9]",
  text: "text-[#193e4f]",
  picked: "has-[:checked]:border-[#193e4f] has-[:checked]:bg-[#eef6f9]",
};
