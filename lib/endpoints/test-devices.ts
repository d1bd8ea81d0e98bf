/** POST /test/devices/{id}/{approve|decline}: the simulated phone's answer (test tenants only). */
import { answerDeviceRequest } from "../decoupled/devices";
import { PageProblem } from "../http/error-page";
import { isSameOrigin } from "../http/same-origin";
import { seeOther } from "../http/see-other";
import { TransactionConflictError } from "../login/transaction";
import { withBrowserErrors } from "./browser-errors";

export function answerDevice(request: Request, transactionId: string, approve: boolean): Promise<Response> {
  return withBrowserErrors("test device", request, async () => {
    if (!isSameOrigin(request)) throw new PageProblem("invalid_request", "otherSite", "This form was sent from another site", 403);
    try {
      if (!(await answerDeviceRequest(transactionId, approve))) throw new PageProblem("invalid_request", "finished", "This request is no longer waiting for an answer", 404);
    } catch (error) {
      if (!(error instanceof TransactionConflictError)) throw error;
      throw new PageProblem("invalid_request", "finished", "This request was already answered", 409);
    }
    return seeOther("/test/devices");
  });
}
