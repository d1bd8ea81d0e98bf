/**
 * The one map from a login's state to the hosted page that shows it. The eID step's page is
 * `/eid` for every connector that uses Porta's own page (simulators, BankID); a redirect-based
 * eID has already sent the browser to its provider when the login enters that state.
 */
import { pathOf, type PagePathName } from "../http/protocol-paths";
import type { Login, LoginState } from "./login-state";

const PAGE_OF_STATE: Partial<Record<LoginState, PagePathName & `login${string}`>> = {
  eid_selection: "loginPage",
  eid_authenticating: "loginEidPage",
  consent: "loginConsentPage",
};

export function stepPathFor(login: Pick<Login, "id" | "state">): string {
  return pathOf(PAGE_OF_STATE[login.state] ?? "loginPage", { loginId: login.id });
}

/** The error page of a hosted login page that cannot be shown (lib/endpoints/login-problem.ts). */
export function problemPathFor(loginId: string, problem: "expired" | "finished" | "unknownEid" | "unavailable"): string {
  return `${pathOf("loginProblem", { loginId })}?p=${problem}`;
}
