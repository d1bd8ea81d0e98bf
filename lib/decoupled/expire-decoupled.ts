/**
 * A decoupled login whose request expired before the person answered (CIBA Core §7.3
 * expires_in): it fails with expired_token, once, and a production login's eID order is
 * cancelled so the person's app lets go of it.
 */
import type { ApplicationRecord } from "../clients/application-record";
import type { LoginTransaction } from "../db/generated/client";
import { TransactionConflictError } from "../login/login-state";
import { transition } from "../login/transaction";
import { cancelUpstream } from "./advance-upstream";

/** True when this call expired the login (false: another request moved it first). */
export async function expireDecoupled(tx: LoginTransaction, client: ApplicationRecord): Promise<boolean> {
  try {
    await transition(tx, "failed", { error: "expired_token", errorDescription: "The request expired before the user answered" }, { returning: false });
  } catch (error) {
    if (error instanceof TransactionConflictError) return false;
    throw error;
  }
  await cancelUpstream(tx, client);
  return true;
}
