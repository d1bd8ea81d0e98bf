/**
 * The browser origins of public clients (token_endpoint_auth_method "none"): the origins of their
 * registered redirect URIs. Only these may call token, PAR and userinfo from a page (CORS, so
 * that browser SDKs work: lib/endpoints/public-client-cors.ts). A confidential client's
 * credentials must not live in a browser, so its redirect origins get no CORS.
 */
import { prisma } from "../db/client";
import { ttlCache } from "../process/ttl-cache";
import { CLIENT_CACHE_TTL_MS } from "./application-cache";

/** The origin of a redirect URI, or undefined for a value that has none. */
function originOf(uri: string): string | undefined {
  try {
    const origin = new URL(uri).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Whether the application is public and registered a redirect URI on `origin`. */
export function isPublicClientOriginOf(application: { tokenEndpointAuthMethod: string; redirectUris: readonly string[] }, origin: string): boolean {
  return application.tokenEndpointAuthMethod === "none" && application.redirectUris.some((uri) => originOf(uri) === origin);
}

const known = ttlCache<"all", ReadonlySet<string>>({ name: "clients.public-origins", ttlMs: CLIENT_CACHE_TTL_MS });

async function loadPublicClientOrigins(): Promise<ReadonlySet<string>> {
  const rows = await (await prisma()).application.findMany({ where: { tokenEndpointAuthMethod: "none" }, select: { redirectUris: true } });
  const origins = new Set<string>();
  for (const uri of rows.flatMap((row) => row.redirectUris)) {
    const origin = originOf(uri);
    if (origin) origins.add(origin);
  }
  return origins;
}

/**
 * Whether any public client registered a redirect URI on `origin`. The set of origins is read
 * once per application-cache lifetime, whatever the answer, and by one query at a time: a flood
 * of preflights from made-up origins costs no queries. A write to an application on this
 * instance clears it (forgetPublicClientOrigins); other instances see the change within the
 * lifetime, as they do the application itself.
 */
export async function isAnyPublicClientOrigin(origin: string): Promise<boolean> {
  return (await known.load("all", loadPublicClientOrigins)).has(origin);
}

/** Forgets the cached origins (after a write to any application of this process). */
export function forgetPublicClientOrigins(): void {
  known.delete("all");
}
