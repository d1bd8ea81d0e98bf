import { readiness } from "@/lib/endpoints/health";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return readiness();
}
