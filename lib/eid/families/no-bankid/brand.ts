import type { BrandLook } from "../../family-kit/brand";

const PILLS = [
  [4, 8], [17, 8], [4, 18], [17, 18], [4, 28],
] as const;

export const brand: BrandLook = {
  wordmark: {
    logo: {
      viewBox: "0 0 32 40",
      size: "h-9 w-8",
      svg: PILLS.map(([x, y]) => `<rect x="${x}" y="${y}" width="11" height="6" rx="3" fill="#39134c"></rect>`).join(""),
    },
    words: [{ className: "text-2xl font-bold tracking-tight text-[#39134c]", text: "BankID" }],
    spells: "BankID",
  },
  header: "bg-[#f4eef8] border-b-4 border-[#39134c]",
  primary: "bg-[#39134c] text-white hover:bg-[#260b33]",
  secondary: "border-2 border-[#39134c] bg-white text-[#39134c] hover:bg-[#f4eef8]",
  focus: "focus-visible:outline-[#39134c]",
  appScreen: "bg-[#f4eef8]",
  text: "text-[#39134c]",
  picked: "has-[:checked]:border-[#39134c] has-[:checked]:bg-[#f4eef8]",
};
