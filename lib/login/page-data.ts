/** What a hosted login page needs, loaded for the browser that owns the login. */
import type { ApplicationRecord } from "../clients/application-record";
import { findServedApplicationById } from "../clients/find-application";
import type { AuthorizationRequest } from "../oauth/authorization/request";
import type { Login } from "./login-state";
import { findBrowserLogin } from "./login-store";
import { requestOf } from "./login";

export type LoginPageData =
  | { kind: "ok"; login: Login; client: ApplicationRecord; request: AuthorizationRequest }
  | { kind: "missing" }
  | { kind: "finished" };

export async function loadLoginPage(loginId: string, browserToken: string | undefined): Promise<LoginPageData> {
  const login = await findBrowserLogin(loginId, browserToken);
  if (!login) return { kind: "missing" };
  if (login.state === "completed" || login.state === "failed") return { kind: "finished" };
  const client = await findServedApplicationById(login.applicationId);
  if (!client) return { kind: "missing" };
  return { kind: "ok", login, client, request: requestOf(login) };
}
