import { pushAuthorizationRequest } from "@/lib/endpoints/par";
import { methodNotAllowed } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return pushAuthorizationRequest(request);
}

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}
