import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { BROWSER_COOKIE } from "@/lib/http/cookies";
import { loadLoginPage, pagePathFor, type LoginPageData } from "@/lib/login/page-data";
import type { LoginState } from "@/lib/db/generated/client";
import { LoginProblem } from "./login-shell";

export type ReadyLogin = Extract<LoginPageData, { kind: "ok" }>;

/** Loads the login for this browser; renders the problem page, or redirects to the page of its current step. */
export async function loadForPage(tx: string, expected: LoginState): Promise<ReadyLogin | { problem: React.ReactElement }> {
  const browser = (await cookies()).get(BROWSER_COOKIE)?.value;
  const data = await loadLoginPage(tx, browser);
  if (data.kind === "missing") {
    return {
      problem: (
        <LoginProblem code="invalid_request" title="This login has expired" text="It took too long, or it was started in another browser. Go back to the service you came from and start again." />
      ),
    };
  }
  if (data.kind === "finished") {
    return { problem: <LoginProblem code="invalid_request" title="This login has finished" text="Go back to the service you came from; you can start a new login there." /> };
  }
  if (data.tx.state !== expected) redirect(pagePathFor(data.tx));
  return data;
}
