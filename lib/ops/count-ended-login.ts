/**
 * porta_logins_total for a login that ended: it listens to the ended-login notice
 * (lib/login/login-ended.ts), which a login's final move sends once, browser and decoupled logins
 * alike. The outcome is the state machine's (lib/login/login-state.ts), the same the analytics
 * count: one classification of success, cancel and error.
 *
 * The tenant label comes from the application record this process has just used for the login
 * (findApplicationById's cache): no await on the login's path; on a cache miss the count lands
 * when the record has loaded.
 */
import type { EndedLogin } from "../login/login-state";
import { findApplicationById } from "../clients/find-application";
import { isKnownAcr } from "../eid/catalogue";
import { countLogin } from "./metrics";

export function countEndedLogin(login: EndedLogin): void {
  // Only the catalogue's acr values become labels ("none": the login ended before an eID was chosen).
  const acr = login.acr && isKnownAcr(login.acr) ? login.acr : "none";
  void findApplicationById(login.applicationId).then(
    (application) => countLogin(application?.tenantId ?? "unknown", acr, login.outcome),
    () => countLogin("unknown", acr, login.outcome),
  );
}
