/**
 * The one map from a login's state to the hosted page that shows it. The eID step's page is
 * `/eid` for every connector that uses Porta's own page (simulators, BankID); a redirect-based
 * eID has already sent the browser to its provider when the login enters that state.
 */
import type { LoginState, LoginTransaction } from "./login-state";

const PAGE_OF_STATE: Partial<Record<LoginState, string>> = {
  eid_selection: "",
  eid_authenticating: "/eid",
  consent: "/consent",
};

export function stepPathFor(login: Pick<LoginTransaction, "id" | "state">): string {
  return `/login/${login.id}${PAGE_OF_STATE[login.state] ?? ""}`;
}

/** The error page of a hosted login page that cannot be shown (lib/endpoints/login-problem.ts). */
export function problemPathFor(transactionId: string, problem: "expired" | "finished" | "unknownEid" | "unavailable"): string {
  return `/login/${transactionId}/problem?p=${problem}`;
}
