import type { BrandLook } from "../../family-kit/brand";

export const brand: BrandLook = {
  wordmark: {
    logo: {
      viewBox: "0 0 40 40",
      size: "h-9 w-9",
      svg:
        '<rect width="40" height="40" rx="8" fill="#cc0066"></rect>' +
        '<rect x="8" y="16" width="5" height="15" rx="1" fill="white"></rect>' +
        '<circle cx="10.5" cy="10.5" r="3" fill="white"></circle>' +
        '<path d="M18 10h6a10.5 10.5 0 0 1 0 21h-6z" fill="none" stroke="white" stroke-width="4.5" stroke-linejoin="round"></path>',
    },
    words: [{ className: "text-2xl font-extrabold tracking-tight text-[#0a2a5c]", text: ["i", { className: "text-[#cc0066]", text: "DIN" }] }],
    spells: "iDIN",
  },
  header: "bg-white border-b-4 border-[#cc0066]",
  primary: "bg-[#cc0066] text-white hover:bg-[#a30052]",
  secondary: "border-2 border-[#0a2a5c] bg-white text-[#0a2a5c] hover:bg-[#fdf0f6]",
  focus: "focus-visible:outline-[#0a2a5c]",
  appScreen: "bg-[#fdf0f6]",
  text: "text-[#0a2a5c]",
  picked: "has-[:checked]:border-[#cc0066] has-[:checked]:bg-[#fdf0f6]",
  providerBadges: {
    ing: { fill: "#ff6200", ink: "#111111", initials: "ING" },
    rabobank: { fill: "#000099", ink: "#ffffff", initials: "R" },
    abnamro: { fill: "#009286", ink: "#ffffff", initials: "AA" },
  },
};
