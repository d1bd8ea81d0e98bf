/**
 * POST /test/devices/{id}/{approve|decline}: the simulated phone's answer, for a request of a test
 * tenant the request's Host serves (any other is answered like an unknown request).
 * Approving a headless request that names nobody carries `identity`, the test person chosen.
 */
import { answerDeviceRequest } from "../decoupled/devices";
import { PageProblem } from "../http/error-page";
import { pathOf } from "../http/protocol-paths";
import { readForm } from "../http/read-body";
import { isSameOrigin } from "../http/same-origin";
import { seeOther } from "../http/see-other";
import { LoginConflictError } from "../login/login-state";

export async function answerDevice(request: Request, loginId: string, approve: boolean): Promise<Response> {
    if (!isSameOrigin(request)) throw new PageProblem("invalid_request", "otherSite", "This form was sent from another site", 403);
    // A plain approve or decline posts nothing; the person chooser posts a form.
    const form = request.headers.has("content-type") ? await readForm(request) : new Map<string, string>();
    const identity = form.get("identity");
    try {
      const answered = await answerDeviceRequest(loginId, approve ? { approve, ...(identity !== undefined ? { identity } : {}) } : { approve });
      if (!answered) throw new PageProblem("invalid_request", "finished", "This request is no longer waiting for an answer", 404);
    } catch (error) {
      if (!(error instanceof LoginConflictError)) throw error;
      throw new PageProblem("invalid_request", "finished", "This request was already answered", 409);
    }
    return seeOther(pathOf("testDevicesPage"));
}
