import { logout } from "@/lib/endpoints/logout";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return logout(request);
}

export function POST(request: Request): Promise<Response> {
  return logout(request);
}
