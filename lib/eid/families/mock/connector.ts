/**
 * The mock eID: authenticates at once, without a page, as the person the relying party describes
 * in `login_hint=mock:<base64url JSON>` (test tenants only), or as the default mock person.
 */
import type { LoginHint } from "../../../oauth/authorization/request";
import { OAuthError } from "../../../oauth/errors";
import type { EidConnector } from "../../connector";
import type { EidResult } from "../../types";
import { MOCK_ACR, mockPerson } from "./person";

/** The mock eID's result for a login_hint: its `mock:` claims, or the default mock person's. */
export function mockEid(hint: LoginHint): EidResult {
  const fallback = mockPerson();
  const claims = hint.mock ?? fallback.claims;
  const key = [claims.sub, claims.ssn, claims.nationalId, claims.uuid].find((v) => typeof v === "string" && v.length > 0);
  const personKey = typeof key === "string" ? key : fallback.id;
  const { sub: _ignored, ...rest } = claims;
  return { acr: MOCK_ACR, personKey, claims: rest, method: "mock" };
}

export const mockConnector: EidConnector = {
  kind: "mock",
  start: (login) => Promise.resolve({ kind: "complete", result: mockEid(login.loginHint) }),
  finish: () => Promise.reject(new OAuthError("invalid_request", "The mock eID has no page to come back from")),
};
