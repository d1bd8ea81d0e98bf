import type { BrandLook } from "../../family-kit/brand";

export const brand: BrandLook = {
  wordmark: {
    logo: {
      viewBox: "0 0 48 34",
      size: "h-9 w-12",
      svg:
        '<rect x="1" y="1" width="46" height="32" rx="4" fill="#f1f5f9" stroke="#003f7d" stroke-width="2"></rect>' +
        '<rect x="6" y="8" width="12" height="15" rx="2" fill="#003f7d"></rect>' +
        '<path d="M22 11h19M22 16h15M22 21h17" stroke="#334155" stroke-width="2.5" stroke-linecap="round"></path>' +
        '<rect x="2" y="26" width="44" height="2" fill="#111111"></rect>' +
        '<rect x="2" y="28" width="44" height="2" fill="#dd0000"></rect>' +
        '<rect x="2" y="30" width="44" height="2" fill="#ffce00"></rect>',
    },
    words: [
      { className: "text-xl font-bold tracking-tight text-[#003f7d]", text: "Online-Ausweis" },
      { className: "text-xs font-semibold text-slate-700", text: "eID · Personalausweis" },
    ],
    stacked: true,
    spells: "Online-Ausweis",
  },
  header: "bg-white border-b-4 border-[#003f7d]",
  primary: "bg-[#003f7d] text-white hover:bg-[#002b57]",
  secondary: "border-2 border-[#003f7d] bg-white text-[#003f7d] hover:bg-[#eef4fa]",
  focus: "focus-visible:outline-[#003f7d]",
  appScreen: "bg-[#eef4fa]",
  text: "text-[#003f7d]",
  picked: "has-[:checked]:border-[#003f7d] has-[:checked]:bg-[#eef4fa]",
};
