import { cibaAuthorize } from "@/lib/endpoints/decoupled";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return cibaAuthorize(request);
}
