import {
  deleteClientConfiguration,
  readClientConfiguration,
  updateClientConfiguration,
} from "@/lib/endpoints/registration";

export const dynamic = "force-dynamic";

interface Context {
  params: Promise<{ client_id: string }>;
}

export async function GET(request: Request, context: Context): Promise<Response> {
  return readClientConfiguration(request, (await context.params).client_id);
}

export async function PUT(request: Request, context: Context): Promise<Response> {
  return updateClientConfiguration(request, (await context.params).client_id);
}

export async function DELETE(request: Request, context: Context): Promise<Response> {
  return deleteClientConfiguration(request, (await context.params).client_id);
}
