import { startPlayground } from "@/lib/playground/endpoints";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return startPlayground(request);
}
