/**
 * The simulated devices of test tenants (/test/devices): pending decoupled logins and their
 * answers. The page needs no sign-in, so it shows only the requests of the test tenants served on
 * its own Host (PUBLIC_URL's: the test tenants without a domain; a test tenant's domain: that
 * tenant's), with national ids masked, and a request of a tenant the Host does not serve is
 * answered like an unknown one.
 */
import { findApplicationById } from "../clients/find-application";
import { decryptAtRest } from "../crypto/encryption";
import { prisma } from "../db/client";
import { findEidMethod } from "../eid/catalogue";
import type { Prisma } from "../db/generated/client";
import { invalidRequest } from "../oauth/errors";
import { isServedTenant, type IssuerContext } from "../tenants/issuer-context";
import { completeDecoupled, failDecoupled } from "./complete-decoupled";
import { maskNationalId } from "./mask-national-id";
import { decoupledRequestOf } from "./request";
import { chosenTestPerson, testPersonFor, testPersonsFor } from "./test-person";
import { now } from "../clock";

export interface PendingDeviceRequest {
  loginId: string;
  requestId: string;
  kind: "ciba" | "headless";
  eid: string;
  /** The national id of the person the login_hint names, masked; absent for a headless request naming nobody. */
  maskedNationalId?: string;
  /** For a request naming nobody: the test identities to approve as (the eID family's). */
  persons?: { id: string; label: string }[];
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

/** The test tenants an issuer serves: a domain's own tenant, or on PUBLIC_URL those without a domain. */
function servedTestTenants(context: IssuerContext): Prisma.TenantWhereInput {
  return context.kind === "tenant" ? { id: context.tenantId, environment: "test" } : { environment: "test", domains: { none: {} } };
}

/** The pending requests of the test tenants served on the page's issuer (`context`), newest first. */
export async function pendingDeviceRequests(context: IssuerContext): Promise<PendingDeviceRequest[]> {
  const rows = await (await prisma()).login.findMany({
    where: { kind: { in: ["ciba", "headless"] }, state: "eid_authenticating", expiresAt: { gt: now() }, application: { tenant: servedTestTenants(context) } },
    include: { application: true },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return rows.map((login) => {
    const r = decoupledRequestOf(login);
    return {
      loginId: login.id,
      requestId: decryptAtRest(r.requestIdSealed, "decoupled-request-id"),
      kind: r.kind,
      eid: eidLabel(r.acr),
      ...(r.nationalId !== undefined ? { maskedNationalId: maskNationalId(r.nationalId) } : { persons: testPersonsFor(r.acr) }),
      clientName: login.application.clientName,
      bindingMessage: r.bindingMessage,
      callInitiator: r.authorizationDetails?.[0]?.callInitiator,
      autoStartToken: r.autoStartToken,
      expiresAt: login.expiresAt,
    };
  });
}

export type DeviceAnswer = { approve: true; identity?: string } | { approve: false };

/**
 * Approves or declines a pending request of a test tenant served on the request's issuer; false
 * when there is no such request (or its tenant is not served there).
 * Approving a request that names nobody needs `identity`, one of the family's test identities;
 * a request that names its person takes none (invalid_request otherwise).
 */
export async function answerDeviceRequest(loginId: string, answer: DeviceAnswer): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(loginId)) return false;
  const login = await (await prisma()).login.findUnique({ where: { id: loginId } });
  if (!login || (login.kind !== "ciba" && login.kind !== "headless") || login.state !== "eid_authenticating" || login.expiresAt <= now()) return false;
  const client = await findApplicationById(login.applicationId);
  if (!client || client.tenant.environment !== "test" || !(await isServedTenant(client.tenant))) return false;
  if (!answer.approve) {
    await failDecoupled(login, client, "access_denied", "The user declined the login", true);
    return true;
  }
  const request = decoupledRequestOf(login);
  if (request.nationalId !== undefined) {
    if (answer.identity !== undefined) throw invalidRequest("This request is for the person its login_hint names; send no identity");
    await completeDecoupled(login, client, testPersonFor(request.acr, request.nationalId));
    return true;
  }
  if (answer.identity === undefined) throw invalidRequest("Choose the test person to approve as (identity)");
  const person = chosenTestPerson(request.acr, answer.identity);
  if (!person) throw invalidRequest(`identity ${JSON.stringify(answer.identity)} is no test person of this eID`);
  await completeDecoupled(login, client, person);
  return true;
}
