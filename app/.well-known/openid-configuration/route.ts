import { serveDiscovery } from "@/lib/endpoints/discovery";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveDiscovery(request);
}
