/**
 * A refused client metadata member (RFC 7591 §3.2.2). On the wire it is an OAuthError like any
 * other (`error`, `error_description`); `field` names the top-level member at fault so that the
 * dashboard shows the message next to its input without reading the text.
 */
import { OAuthError } from "../oauth/errors";
import type { TClientMetadataInput } from "./schemas";

/** Top-level client metadata members, and the RFC 7592 ones an update request may carry. */
export type ClientMetadataField = keyof TClientMetadataInput | "client_id" | "client_secret";

export class ClientMetadataError extends OAuthError {
  constructor(
    code: "invalid_client_metadata" | "invalid_redirect_uri",
    description: string,
    /** The member at fault; undefined when the request as a whole is (not a JSON object, a gone client). */
    readonly field: ClientMetadataField | undefined,
    /** Where inside the member, for an object member (`["url"]` of `webhook`). */
    readonly path: readonly string[] = [],
  ) {
    super(code, description);
  }
}

/** invalid_client_metadata about one member (or, without a field, about the request). */
export function invalidMetadata(field: ClientMetadataField | undefined, description: string, path: readonly string[] = []): ClientMetadataError {
  return new ClientMetadataError("invalid_client_metadata", description, field, path);
}

/** invalid_redirect_uri about redirect_uris or post_logout_redirect_uris. */
export function invalidRedirectUris(field: "redirect_uris" | "post_logout_redirect_uris", description: string): ClientMetadataError {
  return new ClientMetadataError("invalid_redirect_uri", description, field);
}
