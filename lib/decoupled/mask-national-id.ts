/**
 * A national id as the simulated devices page shows it: every character hidden but the last four
 * (enough to tell test persons apart), and all of them when the id is too short for four to stay
 * anonymous. The page needs no sign-in, so the whole id never reaches it.
 */
const SHOWN = 4;
const SHORTEST_SHOWN = 8;

export function maskNationalId(nationalId: string): string {
  const characters = [...nationalId];
  const shown = characters.length >= SHORTEST_SHOWN ? SHOWN : 0;
  return "•".repeat(characters.length - shown) + characters.slice(characters.length - shown).join("");
}
