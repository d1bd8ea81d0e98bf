/** What a hosted login page needs, loaded for the browser that owns the login. */
import type { LoginState, LoginTransaction } from "../db/generated/client";
import { findApplicationById, type ApplicationRecord } from "../clients/application-service";
import type { AuthorizationRequest } from "../oauth/authorization/request";
import { findBrowserTransaction, requestOf } from "./transaction";

export type LoginPageData =
  | { kind: "ok"; tx: LoginTransaction; client: ApplicationRecord; request: AuthorizationRequest }
  | { kind: "missing" }
  | { kind: "finished" };

export async function loadLoginPage(transactionId: string, browserToken: string | undefined): Promise<LoginPageData> {
  const tx = await findBrowserTransaction(transactionId, browserToken);
  if (!tx) return { kind: "missing" };
  if (tx.state === "completed" || tx.state === "failed") return { kind: "finished" };
  const client = await findApplicationById(tx.applicationId);
  if (!client) return { kind: "missing" };
  return { kind: "ok", tx, client, request: requestOf(tx) };
}

/** The page that shows a login in `state`. */
export function pagePathFor(tx: LoginTransaction): string {
  const pages: Partial<Record<LoginState, string>> = {
    eid_selection: "",
    eid_authenticating: "/eid",
    consent: "/consent",
  };
  return `/login/${tx.id}${pages[tx.state] ?? ""}`;
}
