import { redirect } from "next/navigation";
import { loadLoginForBrowser } from "@/i18n/login-locale";
import { pagePathFor, type LoginPageData } from "@/lib/login/page-data";
import type { LoginState } from "@/lib/db/generated/client";
import { LoginProblem } from "./login-shell";

export type ReadyLogin = Extract<LoginPageData, { kind: "ok" }>;

/** Loads the login for this browser; renders the problem page, or redirects to the page of its current step. */
export async function loadForPage(tx: string, expected: LoginState): Promise<ReadyLogin | { problem: React.ReactElement }> {
  const data = await loadLoginForBrowser(tx);
  if (data.kind === "missing") return { problem: <LoginProblem code="invalid_request" problem="expired" /> };
  if (data.kind === "finished") return { problem: <LoginProblem code="invalid_request" problem="finished" /> };
  if (data.tx.state !== expected) redirect(pagePathFor(data.tx));
  return data;
}
