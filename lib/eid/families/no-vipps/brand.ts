import type { BrandLook } from "../../family-kit/brand";

export const brand: BrandLook = {
  wordmark: {
    logo: {
      viewBox: "0 0 40 40",
      size: "h-9 w-9",
      svg:
        '<rect width="40" height="40" rx="10" fill="#ff5b24"></rect>' +
        '<circle cx="24.5" cy="13" r="3.2" fill="white"></circle>' +
        '<path d="M10 20c3 9 17 9 20 0" fill="none" stroke="white" stroke-width="4" stroke-linecap="round"></path>',
    },
    words: [
      { className: "text-2xl font-extrabold lowercase tracking-tight text-[#c2410c]", text: "vipps" },
      { className: "text-lg font-bold tracking-tight text-[#3b4fd6]", text: "MobilePay" },
    ],
    spells: "Vipps MobilePay",
  },
  header: "bg-[#fff4ef] border-b-4 border-[#ff5b24]",
  primary: "bg-[#c2410c] text-white hover:bg-[#9a3412]",
  secondary: "border-2 border-[#c2410c] bg-white text-[#9a3412] hover:bg-[#fff4ef]",
  focus: "focus-visible:outline-[#9a3412]",
  appScreen: "bg-[#fff4ef]",
  text: "text-[#9a3412]",
  picked: "has-[:checked]:border-[#c2410c] has-[:checked]:bg-[#fff4ef]",
};
