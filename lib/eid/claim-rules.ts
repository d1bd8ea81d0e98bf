/**
 * The claim rule of an eID family (which eID claims an ID token carries): each family states its own in its folder
 * (`families/<family>/index.ts`, built with `family-kit/claim-rule.ts`).
 */
import { findFamily, type EidFamily } from "./families";
import { claimRule, type ClaimRule } from "./family-kit/claim-rule";

export type { ClaimRule } from "./family-kit/claim-rule";

/** An unknown family releases names and the standard scope claims, and no national id. */
const FALLBACK_RULE = claimRule({});

export function claimRuleFor(family: EidFamily): ClaimRule {
  return findFamily(family)?.claimRule ?? FALLBACK_RULE;
}
