/**
 * Test tenants' eIDs: the built-in simulators behind the same connector interface as the real
 * ones. `start` shows Porta's simulator page; `finish` takes the test identity the person picked.
 */
import { OAuthError } from "../../oauth/errors";
import { simulateEid } from "../../login/eid-authentication";
import type { EidConnector } from "../connector";

export const simulatorConnector: EidConnector = {
  kind: "simulator",
  start: () => Promise.resolve({ kind: "page", state: null }),
  finish(login, input) {
    const identity = input.get("identity");
    if (!identity) return Promise.reject(new OAuthError("invalid_request", "Choose a test identity"));
    return Promise.resolve(simulateEid(login.acr, identity));
  },
};
