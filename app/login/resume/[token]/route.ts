import { resumeLogin } from "@/lib/endpoints/resume";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  return resumeLogin(request, (await context.params).token);
}
