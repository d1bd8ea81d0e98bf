import { names } from "../../family-kit/person-claims";
import type { TestIdentity } from "../../types";

export const MOCK_ACR = "urn:grn:authn:mock";

/** The person used when a login_hint brings no `mock:` claims; a fresh copy per call. */
export function mockPerson(): TestIdentity {
  return {
    id: "mock-default",
    family: "mock",
    label: "Mock Person (test only)",
    claims: { ...names("Mock", "Person"), birthdate: "1990-01-01", email: "mock.person@example.com" },
  };
}
