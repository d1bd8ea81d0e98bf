import { playgroundCallback } from "@/lib/playground/endpoints";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return playgroundCallback(request);
}

export function POST(request: Request): Promise<Response> {
  return playgroundCallback(request);
}
