import { liveness } from "@/lib/endpoints/health";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return liveness();
}
