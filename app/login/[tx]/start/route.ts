import { startEid } from "@/lib/endpoints/eid-step";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ tx: string }> }): Promise<Response> {
  return startEid(request, (await context.params).tx);
}
