import { token } from "@/lib/endpoints/token";
import { methodNotAllowed } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return token(request);
}

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}
