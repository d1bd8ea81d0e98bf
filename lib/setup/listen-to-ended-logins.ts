/**
 * Who hears that a login ended (lib/login/login-ended.ts): the analytics' daily counts and the
 * metrics' porta_logins_total. Registered at start by the server (server/porta-server.ts) and, in
 * Next.js's own server (`next dev`), by the protocol routes' catch-all; registering again only
 * replaces the same two listeners.
 */
import { recordLoginOutcome } from "../analytics/record-login-outcome";
import { onLoginEnded } from "../login/login-ended";
import { countEndedLogin } from "../ops/count-ended-login";

export function listenToEndedLogins(): void {
  onLoginEnded("analytics", recordLoginOutcome);
  onLoginEnded("metrics", countEndedLogin);
}
