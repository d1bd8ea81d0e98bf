import { registerClient } from "@/lib/endpoints/registration";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return registerClient(request);
}
