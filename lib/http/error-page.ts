/**
 * Porta's one error page, for everything that must not go back to the relying party (unknown
 * client, unverified redirect_uri, bad request_uri, a login that cannot go on). It never
 * redirects. Title and text come from the hosted login's `problem` messages in the person's
 * language; the OAuth code is in `data-testid="error"`, the technical description below it.
 */
import type { Locale } from "../i18n/locales";
import { translator } from "../i18n/translate";
import { escapeHtml, htmlPage } from "./html";

/** What the person is told; each has `<key>Title` and `<key>Text` in every language. */
export type ProblemKey =
  | "expired"
  | "finished"
  | "unknownEid"
  | "unavailable"
  | "unknownClient"
  | "unregisteredRedirect"
  | "requestUriExpired"
  | "badRequest"
  | "otherBrowser"
  | "otherSite"
  | "tooManyLogins"
  | "serverError";

const PROBLEM_KEYS: ReadonlySet<string> = new Set<ProblemKey>([
  "expired",
  "finished",
  "unknownEid",
  "unavailable",
  "unknownClient",
  "unregisteredRedirect",
  "requestUriExpired",
  "badRequest",
  "otherBrowser",
  "otherSite",
  "tooManyLogins",
  "serverError",
]);

export function isProblemKey(value: unknown): value is ProblemKey {
  return typeof value === "string" && PROBLEM_KEYS.has(value);
}

const PROBLEM_OF_CODE: Readonly<Record<string, ProblemKey>> = {
  invalid_client: "unknownClient",
  invalid_redirect_uri: "unregisteredRedirect",
  invalid_request_uri: "requestUriExpired",
  server_error: "serverError",
};

/** The person's explanation for an OAuth error code shown on the page. */
export function problemForCode(code: string): ProblemKey {
  return PROBLEM_OF_CODE[code] ?? "badRequest";
}

export interface ErrorPageInput {
  /** The OAuth error code (`data-testid="error"`). */
  code: string;
  problem?: ProblemKey;
  /** Technical detail for the service's developers (English, like every error_description). */
  description?: string;
  status?: number;
  locale: Locale;
  /** Placeholders of the problem's text (e.g. the eID's name). */
  values?: Readonly<Record<string, string>>;
}

export function renderErrorPage(input: ErrorPageInput): Response {
  const t = translator(input.locale, "problem");
  const problem = input.problem ?? problemForCode(input.code);
  const values = Object.fromEntries(Object.entries(input.values ?? {}).map(([k, v]) => [k, escapeHtml(v)]));
  const title = t(`${problem}Title`, values);
  const details = input.description ? `<p class="muted">${escapeHtml(t("details"))} ${escapeHtml(input.description)}</p>` : "";
  return htmlPage({
    title: t(`${problem}Title`, input.values),
    status: input.status ?? 400,
    lang: input.locale,
    body: `<h1>${title}</h1>
<p>${t(`${problem}Text`, values)}</p>
<p class="muted">${escapeHtml(t("errorCode"))} <code data-testid="error">${escapeHtml(input.code)}</code></p>
${details}
<p class="muted">${escapeHtml(t("advice"))}</p>`,
  });
}

/**
 * Thrown by a browser endpoint for a request that cannot go back to a relying party: the browser
 * error handler (lib/endpoints/browser-errors.ts) answers it with the error page.
 */
export class PageProblem extends Error {
  override name = "PageProblem";
  constructor(
    readonly code: string,
    readonly problem: ProblemKey,
    readonly description?: string,
    readonly status = 400,
  ) {
    super(`${code}: ${description ?? problem}`);
  }
}
