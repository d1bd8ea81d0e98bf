import { serveJwks } from "@/lib/endpoints/jwks";

export const dynamic = "force-dynamic";

// Serves {EXTENSIONS_URL}/service/.well-known/jwks when EXTENSIONS_URL is the default $PUBLIC_URL/extensions.
export function GET(): Promise<Response> {
  return serveJwks("extension");
}
