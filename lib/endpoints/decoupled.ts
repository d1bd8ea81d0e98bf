/** POST /ciba/bc-authorize and POST /headless/authorize (Request → Response). */
import { startDecoupled } from "../decoupled/start-decoupled";
import { NO_STORE, jsonResponse } from "../http/responses";

export async function cibaAuthorize(request: Request): Promise<Response> {
  const started = await startDecoupled(request, "ciba");
  return jsonResponse({ auth_req_id: started.id, expires_in: started.expiresIn, interval: started.interval }, 200, NO_STORE);
}

export async function headlessAuthorize(request: Request): Promise<Response> {
  const started = await startDecoupled(request, "headless");
  return jsonResponse({ headless_req_id: started.id, expires_in: started.expiresIn, interval: started.interval, acr_data: started.acrData }, 200, NO_STORE);
}
