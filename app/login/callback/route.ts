import { eidCallback } from "@/lib/endpoints/eid-step";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return eidCallback(request);
}
