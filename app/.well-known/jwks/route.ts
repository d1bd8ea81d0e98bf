import { serveJwks } from "@/lib/endpoints/jwks";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return serveJwks("oidc");
}
