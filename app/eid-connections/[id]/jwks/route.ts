import { serveConnectionJwks } from "@/lib/endpoints/eid-connection-jwks";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return serveConnectionJwks((await context.params).id);
}
