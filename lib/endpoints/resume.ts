/**
 * GET /login/resume/{token}: the browser's return from a webhook's 303 page (spec 3, design.md §7).
 * Usable once, within 15 minutes, and only by the browser that started the login.
 */
import { findApplicationById } from "../clients/application-service";
import { config } from "../config";
import { hashToken } from "../crypto/hash";
import { prisma } from "../db/client";
import { BROWSER_COOKIE, readCookie } from "../http/cookies";
import { errorPage } from "../http/html";
import { logger } from "../log";
import { failLogin, resumeAfterWebhookRedirect } from "../login/flow";
import { TransactionConflictError } from "../login/transaction";
import { OAuthError } from "../oauth/errors";

export async function resumeLogin(request: Request, token: string): Promise<Response> {
  const notValid = () => errorPage("invalid_request", "This link to continue the login is not valid, or was already used. Go back to the service and start again.");
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return notValid();
  const tx = await (await prisma()).loginTransaction.findUnique({ where: { resumeTokenHash: hashToken(token) } });
  if (!tx || tx.state !== "paused") return notValid();
  const browser = readCookie(request, BROWSER_COOKIE);
  if (!browser || hashToken(browser) !== tx.browserHash) {
    return errorPage("invalid_request", "This login was started in another browser. Continue it in the browser where you began.", 403);
  }
  const client = await findApplicationById(tx.applicationId);
  if (!client) return notValid();
  const url = new URL(request.url);
  const requestedUrl = `${config().issuer}${url.pathname}${url.search}`;
  try {
    return await resumeAfterWebhookRedirect(tx, client, requestedUrl);
  } catch (error) {
    if (error instanceof TransactionConflictError) return notValid();
    logger.error({ err: error }, "resume failed");
    return failLogin(tx, new OAuthError("server_error", "login webhook failed")).catch(() => notValid());
  }
}
