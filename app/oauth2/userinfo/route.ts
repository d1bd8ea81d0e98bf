import { userinfo } from "@/lib/endpoints/userinfo";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return userinfo(request);
}

export function POST(request: Request): Promise<Response> {
  return userinfo(request);
}
