/** POST /test/devices/{id}/{approve|decline}: the simulated phone's answer (test tenants only). */
import { config } from "../config";
import { answerDeviceRequest } from "../decoupled/devices";
import { errorPage } from "../http/html";
import { TransactionConflictError } from "../login/transaction";

export async function answerDevice(request: Request, transactionId: string, approve: boolean): Promise<Response> {
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(config().issuer).origin) return errorPage("invalid_request", "This form was sent from another site", 403);
  try {
    if (!(await answerDeviceRequest(transactionId, approve))) return errorPage("invalid_request", "This request is no longer waiting for an answer", 404);
  } catch (error) {
    if (!(error instanceof TransactionConflictError)) throw error;
    return errorPage("invalid_request", "This request was already answered", 409);
  }
  return new Response(null, { status: 303, headers: { Location: "/test/devices", "Cache-Control": "no-store" } });
}
