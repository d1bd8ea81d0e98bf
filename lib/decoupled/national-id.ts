import { findEidMethod } from "../eid/catalogue";
import { isValidFodselsnummer, isValidPersonnummer } from "../eid/checksums";

/** Whether `id` is a checksum-valid national id for the eID of `acr` (decoupled eIDs only). */
export function isNationalIdFor(acr: string, id: string): boolean {
  const family = findEidMethod(acr)?.family;
  if (family === "se-bankid" || family === "se-freja") return isValidPersonnummer(id);
  if (family === "no-bankid") return isValidFodselsnummer(id);
  return false;
}
