import { findEidMethod } from "../eid/catalogue";
import { familyOf } from "../eid/families";

/** Whether `id` is a checksum-valid national id for the eID of `acr` (its family's number; decoupled eIDs have one). */
export function isNationalIdFor(acr: string, id: string): boolean {
  const method = findEidMethod(acr);
  return method !== undefined && familyOf(method.family).nationalIdNumber?.isValid(id) === true;
}
