/**
 * What Porta refuses before a request reaches Next.js (the hosted login's pages, the dashboard,
 * the playground), because Next would answer it with a 500 or read it whole:
 * - a path with broken percent-encoding (`%`, `%C0%80`, `%FF`) or a NUL → 400;
 * - anything but GET/HEAD to a hosted-login page (`/login/…`): those pages have no server actions,
 *   their forms post to the protocol routes → 405 (so no multipart parser ever runs there);
 * - a body declared larger than PAGE_MAX_BODY_BYTES → 413, before any of it is read;
 * - a body without a declared length (chunked) → 411: browsers and server actions always declare it;
 * - a multipart body without a usable boundary (RFC 2046 §5.1.1: 1–70 characters) → 400, and
 *   (proxy.ts, which sees the body) one that does not parse → 400.
 * Used by server/porta-server.ts (npm start) and proxy.ts (next dev / next start).
 */
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { translator } from "../i18n/translate";
import { escapeHtml, htmlPage } from "./html";
import { isValidText } from "./valid-text";

/** Also Next's server action body limit (next.config.js serverActions.bodySizeLimit). */
export const PAGE_MAX_BODY_BYTES = 1024 * 1024;

export interface PageRequestRefusal {
  status: 400 | 405 | 411 | 413;
  description: string;
  headers?: Record<string, string>;
}

export interface PageRequestHead {
  method: string;
  /** The path as sent, still percent-encoded, without the query. */
  rawPath: string;
  contentLength: string | null | undefined;
  transferEncoding: string | null | undefined;
  contentType?: string | null | undefined;
}

const MULTIPART = /^\s*multipart\/form-data\s*(?:;|$)/i;
const BOUNDARY = /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?])"|([0-9A-Za-z'()+_\-.:=?]{1,70}))\s*(?:;|$)/i;

function decodesCleanly(rawPath: string): boolean {
  try {
    return isValidText(decodeURIComponent(rawPath));
  } catch {
    return false;
  }
}

export function refusePageRequest(head: PageRequestHead): PageRequestRefusal | undefined {
  if (!decodesCleanly(head.rawPath)) {
    return { status: 400, description: "The path holds malformed percent-encoding, a NUL character or text that is not valid UTF-8" };
  }
  const method = head.method.toUpperCase();
  const hasBodyMethod = method !== "GET" && method !== "HEAD";
  if (hasBodyMethod && (head.rawPath === "/login" || head.rawPath.startsWith("/login/"))) {
    return { status: 405, description: "The hosted login's pages only answer GET", headers: { Allow: "GET, HEAD" } };
  }
  if (head.contentLength !== null && head.contentLength !== undefined && head.contentLength !== "") {
    const declared = Number(head.contentLength);
    if (!Number.isSafeInteger(declared) || declared < 0) return { status: 400, description: "Content-Length is not a number of bytes" };
    if (declared > PAGE_MAX_BODY_BYTES) return { status: 413, description: `The request body exceeds ${PAGE_MAX_BODY_BYTES} bytes` };
  } else if (hasBodyMethod && head.transferEncoding) {
    return { status: 411, description: "A request body must declare its Content-Length" };
  }
  if (hasBodyMethod && head.contentType && MULTIPART.test(head.contentType) && !BOUNDARY.test(head.contentType)) {
    return { status: 400, description: "A multipart body needs a boundary of 1 to 70 characters" };
  }
  return undefined;
}

/**
 * A multipart body that does not parse (its boundary never appears, a part is cut off) → 400,
 * where Next's server action parser would answer 500. Reads a copy of the body, which the
 * checks above have already capped at PAGE_MAX_BODY_BYTES; other requests are not read.
 */
export async function refuseUnparsableMultipart(request: Request): Promise<PageRequestRefusal | undefined> {
  const type = request.headers.get("content-type");
  /* eslint-disable no-restricted-syntax -- a page request as Next.js made it (proxy.ts), read from
     its own body stream; the server's buffered protocol bodies (read-body.ts) never come here */
  if (request.method === "GET" || request.method === "HEAD" || !request.body || !type || !MULTIPART.test(type)) return undefined;
  try {
    await request.clone().formData();
    return undefined;
  } catch {
    return { status: 400, description: "The multipart body does not parse" };
  }
  /* eslint-enable no-restricted-syntax */
}

/** The refusal as Porta's small page for browsers (in `locale`; the detail stays English), JSON otherwise. */
export function pageRequestRefusalResponse(refusal: PageRequestRefusal, accept: string | null | undefined, locale: Locale = DEFAULT_LOCALE): Response {
  const headers = { "Cache-Control": "no-store", ...refusal.headers };
  if (accept?.includes("text/html")) {
    const t = translator(locale, "protocolPages");
    const page = htmlPage({
      title: t("badRequestTitle"),
      lang: locale,
      status: refusal.status,
      body: `<h1>${escapeHtml(t("badRequestTitle"))}</h1><p>${escapeHtml(t("badRequestText"))}</p><p class="muted">${escapeHtml(t("details"))} ${escapeHtml(refusal.description)}.</p><p><a class="button" href="/">${escapeHtml(t("home"))}</a></p>`,
    });
    for (const [name, value] of Object.entries(headers)) page.headers.set(name, value);
    return page;
  }
  return new Response(JSON.stringify({ error: "invalid_request", error_description: refusal.description }), {
    status: refusal.status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}
