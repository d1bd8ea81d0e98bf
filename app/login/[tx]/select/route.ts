import { loginAction } from "@/lib/endpoints/login-actions";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ tx: string }> }): Promise<Response> {
  return loginAction(request, (await context.params).tx, "select");
}
