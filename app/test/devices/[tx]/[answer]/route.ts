import { answerDevice } from "@/lib/endpoints/test-devices";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ tx: string; answer: string }> }): Promise<Response> {
  const { tx, answer } = await context.params;
  if (answer !== "approve" && answer !== "decline") return new Response(null, { status: 404 });
  return answerDevice(request, tx, answer === "approve");
}
