/**
 * Every protocol endpoint under Next.js's own server (`next dev`, `next start`): one catch-all
 * that dispatches through the protocol routing table (lib/endpoints/protocol-routes.ts), the table
 * server/porta-server.ts serves without Next under `npm start`.
 * Pages and the other route files win over it (Next prefers static and dynamic segments to a
 * catch-all); a path the table does not know gets the table's 404.
 */
import { serveProtocolRequest } from "@/lib/endpoints/protocol-routes";
import { listenToEndedLogins } from "@/lib/setup/listen-to-ended-logins";

export const dynamic = "force-dynamic";

// Logins move only through the protocol routes: under Next's own server they end here, and the
// analytics and the metrics hear of it (npm start's server registers the same listeners itself).
listenToEndedLogins();

/** Next passes `{ params: Promise<{ protocol: string[] }> }` here, and `Promise<{}>` from /login/callback. */
interface Context {
  params: Promise<unknown>;
}

/** The table matches the request's own path, exactly as the custom server does; params are unused. */
function handle(request: Request, _context: Context): Promise<Response> {
  return serveProtocolRequest(request);
}

export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as DELETE, handle as OPTIONS, handle as PATCH };
