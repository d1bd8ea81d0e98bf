/** The simulated devices of test tenants (/test/devices): pending decoupled logins and their answers. */
import { findApplicationById } from "../clients/find-application";
import { decryptAtRest } from "../crypto/encryption";
import { prisma } from "../db/client";
import { findEidMethod } from "../eid/catalogue";
import { approveDecoupled, declineDecoupled, decoupledRequestOf } from "./complete-decoupled";

export interface PendingDeviceRequest {
  transactionId: string;
  requestId: string;
  kind: "ciba" | "headless";
  eid: string;
  nationalId: string;
  clientName: string;
  bindingMessage?: string;
  callInitiator?: string;
  autoStartToken?: string;
  expiresAt: Date;
}

function eidLabel(acr: string): string {
  const method = findEidMethod(acr);
  return method ? `${method.name} (${method.country.toUpperCase()})` : acr;
}

export async function pendingDeviceRequests(): Promise<PendingDeviceRequest[]> {
  const rows = await (await prisma()).loginTransaction.findMany({
    where: { kind: { in: ["ciba", "headless"] }, state: "eid_authenticating", expiresAt: { gt: new Date() }, application: { tenant: { environment: "test" } } },
    include: { application: true },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return rows.map((tx) => {
    const r = decoupledRequestOf(tx);
    return {
      transactionId: tx.id,
      requestId: decryptAtRest(r.requestIdSealed, "decoupled-request-id"),
      kind: r.kind,
      eid: eidLabel(r.acr),
      nationalId: r.nationalId,
      clientName: tx.application.clientName,
      bindingMessage: r.bindingMessage,
      callInitiator: r.authorizationDetails?.[0]?.callInitiator,
      autoStartToken: r.autoStartToken,
      expiresAt: tx.expiresAt,
    };
  });
}

/** Approves or declines a pending request of a test tenant; false when there is no such request. */
export async function answerDeviceRequest(transactionId: string, approve: boolean): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(transactionId)) return false;
  const tx = await (await prisma()).loginTransaction.findUnique({ where: { id: transactionId } });
  if (!tx || (tx.kind !== "ciba" && tx.kind !== "headless") || tx.state !== "eid_authenticating" || tx.expiresAt <= new Date()) return false;
  const client = await findApplicationById(tx.applicationId);
  if (!client || client.tenant.environment !== "test") return false;
  if (approve) await approveDecoupled(tx, client);
  else await declineDecoupled(tx);
  return true;
}
