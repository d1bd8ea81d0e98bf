import { headers } from "next/headers";
import { clientIpOf } from "@/lib/http/client-ip";

/** The client IP of the request a server action runs in (lib/http/client-ip.ts decides which). */
export async function actionClientIp(): Promise<string> {
  return clientIpOf(new Request("http://porta.invalid/", { headers: await headers() }));
}
