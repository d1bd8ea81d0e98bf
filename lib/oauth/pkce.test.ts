import { describe, expect, it } from "vitest";
import { isCodeChallenge, isCodeVerifier, s256ChallengeOf, verifierMatchesChallenge } from "./pkce";

// RFC 7636 Appendix B.
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

describe("PKCE", () => {
  it("S256 of the RFC 7636 Appendix B verifier is its challenge", () => {
    expect(s256ChallengeOf(VERIFIER)).toBe(CHALLENGE);
    expect(verifierMatchesChallenge(VERIFIER, CHALLENGE)).toBe(true);
  });

  it("a different verifier does not match", () => {
    expect(verifierMatchesChallenge(`${VERIFIER.slice(0, -1)}A`, CHALLENGE)).toBe(false);
    expect(verifierMatchesChallenge(VERIFIER, `${CHALLENGE.slice(0, -1)}A`)).toBe(false);
  });

  it.each([
    ["42 characters", "a".repeat(42)],
    ["129 characters", "a".repeat(129)],
    ["a character outside unreserved", `${"a".repeat(42)}+`],
    ["a space", `${"a".repeat(42)} `],
    ["a non-ASCII letter", `${"a".repeat(42)}é`],
  ])("a verifier of %s is malformed: no challenge, no match", (_name, verifier) => {
    expect(isCodeVerifier(verifier)).toBe(false);
    expect(s256ChallengeOf(verifier)).toBeNull();
    expect(verifierMatchesChallenge(verifier, CHALLENGE)).toBe(false);
  });

  it("43 and 128 unreserved characters are well formed, for verifiers and challenges alike", () => {
    for (const value of ["a".repeat(43), "A0-._~".repeat(21) + "zz"]) {
      expect(isCodeVerifier(value)).toBe(true);
      expect(isCodeChallenge(value)).toBe(true);
    }
    expect(isCodeChallenge("a".repeat(42))).toBe(false);
  });

  it("no verifier → no challenge", () => {
    expect(s256ChallengeOf(undefined)).toBeNull();
  });
});
