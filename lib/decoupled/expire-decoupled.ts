/**
 * A decoupled login whose request expired before the person answered (CIBA Core §7.3
 * expires_in): it fails with expired_token, once, and a production login's eID order is
 * cancelled so the person's app lets go of it.
 */
import type { ApplicationRecord } from "../clients/application-record";
import type { Login } from "../db/generated/client";
import { LoginConflictError } from "../login/login-state";
import { transition } from "../login/login";
import { cancelUpstream } from "./advance-upstream";

/** True when this call expired the login (false: another request moved it first). */
export async function expireDecoupled(login: Login, client: ApplicationRecord): Promise<boolean> {
  try {
    await transition(login, "failed", { error: "expired_token", errorDescription: "The request expired before the user answered" }, { returning: false });
  } catch (error) {
    if (error instanceof LoginConflictError) return false;
    throw error;
  }
  await cancelUpstream(login, client);
  return true;
}
