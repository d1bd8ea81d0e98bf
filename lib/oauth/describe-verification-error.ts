import { errors } from "jose";
import { ClientKeysError } from "../clients/client-keys";

/**
 * Why a JWT signed by a client (client assertion, request object) failed verification, worded
 * for the client's developer; undefined for errors that are not about the token.
 */
export function describeVerificationError(error: unknown, what: string): string | undefined {
  if (error instanceof ClientKeysError) return `${what} could not be checked: ${error.message}`;
  if (error instanceof errors.JWTExpired) return `${what} has expired`;
  if (error instanceof errors.JWKSNoMatchingKey) return `${what} is not signed by a key registered for this client`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return `${what} signature is invalid`;
  if (error instanceof errors.JOSEError) return `${what} is not valid: ${error.message}`;
  return undefined;
}
