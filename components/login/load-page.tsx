import { redirect } from "next/navigation";
import { loadLoginForBrowser } from "@/i18n/login-locale";
import type { LoginPageData } from "@/lib/login/page-data";
import { problemPathFor, stepPathFor } from "@/lib/login/step-paths";
import type { LoginState } from "@/lib/login/login-state";

export type ReadyLogin = Extract<LoginPageData, { kind: "ok" }>;

/** Loads the login for this browser; sends the browser to the error page, or to the page of its current step. */
export async function loadForPage(loginId: string, expected: LoginState): Promise<ReadyLogin> {
  const data = await loadLoginForBrowser(loginId);
  if (data.kind === "missing") redirect(problemPathFor(loginId, "expired"));
  if (data.kind === "finished") redirect(problemPathFor(loginId, "finished"));
  if (data.login.state !== expected) redirect(stepPathFor(data.login));
  return data;
}
