/**
 * GET /metrics: Prometheus text format, only with `Authorization: Bearer $METRICS_TOKEN`
 * (compared in constant time; never from the query string), since the scrape names tenants. Without METRICS_TOKEN the route is not in the table at all
 * (lib/http/protocol-paths.ts): 404. A missing or wrong token is 401 (RFC 6750 §3).
 */
import { bearerToken, missingBearer } from "../admin/authenticate-admin-token";
import { config } from "../config";
import { constantTimeEqual } from "../crypto/hash";
import { invalidToken } from "../oauth/errors";
import { scrapeMetrics } from "../ops/metrics";

export async function serveMetrics(request: Request): Promise<Response> {
  const expected = config().metricsToken;
  const token = bearerToken(request.headers.get("authorization"));
  if (!token) throw missingBearer("The metrics token is required: Authorization: Bearer <METRICS_TOKEN>");
  if (!expected || !constantTimeEqual(token, expected)) throw invalidToken("The metrics token is not valid");
  const { contentType, body } = await scrapeMetrics();
  return new Response(body, { status: 200, headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
