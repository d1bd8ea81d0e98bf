/** What a hosted login page needs, loaded for the browser that owns the login. */
import type { ApplicationRecord } from "../clients/application-record";
import { findServedApplicationById } from "../clients/find-application";
import type { AuthorizationRequest } from "../oauth/authorization/request";
import { findBrowserTransaction, requestOf, type LoginTransaction } from "./transaction";

export type LoginPageData =
  | { kind: "ok"; tx: LoginTransaction; client: ApplicationRecord; request: AuthorizationRequest }
  | { kind: "missing" }
  | { kind: "finished" };

export async function loadLoginPage(transactionId: string, browserToken: string | undefined): Promise<LoginPageData> {
  const tx = await findBrowserTransaction(transactionId, browserToken);
  if (!tx) return { kind: "missing" };
  if (tx.state === "completed" || tx.state === "failed") return { kind: "finished" };
  const client = await findServedApplicationById(tx.applicationId);
  if (!client) return { kind: "missing" };
  return { kind: "ok", tx, client, request: requestOf(tx) };
}
