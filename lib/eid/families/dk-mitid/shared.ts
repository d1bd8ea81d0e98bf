/**
 * What Danish MitID and MitID Erhverv have in common: NSIS assurance levels set from the acr,
 * ages on the Danish calendar date, persons keyed by their MitID uuid, the CPR under `ssn`, and
 * the MitID look.
 */
import type { BrandLook, WordmarkLook } from "../../family-kit/brand";
import type { ClaimRuleSpec } from "../../family-kit/claim-rule";
import { atMostCharacters } from "../../family-kit/hint-message";
import type { Claims } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";

const NSIS = "https://data.gov.dk/concept/core/nsis";
export type NsisLevel = "Low" | "Substantial" | "High";

export function nsisClaims(level: NsisLevel): Claims {
  return { loA: `${NSIS}/loa/${level}`, ial: `${NSIS}/ial/${level}`, aal: `${NSIS}/aal/${level}`, fal: `${NSIS}/fal/${level}` };
}

/** A MitID person's claims at `level`: the NSIS claims follow the level the login asked for. */
export function claimsAtLevel(identity: TestIdentity, level: NsisLevel | undefined): Claims {
  return level ? { ...identity.claims, ...nsisClaims(level) } : { ...identity.claims };
}

const danishDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen", year: "numeric", month: "2-digit", day: "2-digit" });

/** `now` as a Danish calendar date, `YYYY-MM-DD` (ages change at Danish midnight). */
export function danishToday(now: Date): string {
  return danishDate.format(now);
}

const NSIS_LEVEL_CLAIMS = ["loA", "ial", "aal", "fal"] as const;

export const MITID_CLAIMS = {
  nationalId: ["cprNumberIdentifier"],
  always: ["uuid", ...NSIS_LEVEL_CLAIMS],
  extraByScope: { birthdate: ["dateofbirth", "age"] },
} as const satisfies ClaimRuleSpec;

export const MITID_METHOD = "mitid:app";

/** MitID's app shows at most 130 characters of a login_hint `message:`. */
export const MITID_MESSAGE_LIMIT = atMostCharacters("MitID", 130);

export const MITID_LOOK: Omit<BrandLook, "wordmark"> = {
  header: "bg-white border-b-4 border-[#0060e6]",
  primary: "bg-[#0060e6] text-white hover:bg-[#004fbd]",
  secondary: "border-2 border-[#0060e6] bg-white text-[#0050c0] hover:bg-[#eef4ff]",
  focus: "focus-visible:outline-[#0a1f44]",
  appScreen: "bg-[#f2f6fd]",
  text: "text-[#0050c0]",
  picked: "has-[:checked]:border-[#0060e6] has-[:checked]:bg-[#eef4ff]",
};

const MITID_WORDS = "text-2xl font-extrabold tracking-tight text-[#0a1f44]";
const ID = { className: "text-[#0060e6]", text: "ID" } as const;

/** MitID's wordmark; `suffix` is a product name after it ("Erhverv"). */
export function mitidWordmark(suffix?: string): WordmarkLook {
  return {
    logo: {
      viewBox: "0 0 40 40",
      size: "h-9 w-9",
      svg:
        '<rect width="40" height="40" rx="10" fill="#0060e6"></rect>' +
        '<circle cx="20" cy="14" r="5" fill="white"></circle>' +
        '<path d="M10 31c1.5-6 5.5-9 10-9s8.5 3 10 9" fill="none" stroke="white" stroke-width="4" stroke-linecap="round"></path>',
    },
    words: [
      {
        className: MITID_WORDS,
        text: suffix ? ["Mit", ID, " ", { className: "ml-1 align-middle text-base font-semibold text-slate-700", text: suffix }] : ["Mit", ID],
      },
    ],
    spells: suffix ? `MitID ${suffix}` : "MitID",
  };
}
