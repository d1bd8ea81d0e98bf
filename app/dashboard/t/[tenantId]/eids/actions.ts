"use server";

import { revalidatePath } from "next/cache";
import { notFound, redirect } from "next/navigation";
import {
  connectionInputOf,
  EidFormInputError,
  eidFormSecrets,
  eidFormValues,
  formErrorOf,
  storedSecretsOf,
  type EidFormState,
} from "@/components/dashboard/eid-connection-form-data";
import type { TestConnectionResult } from "@/components/dashboard/eid-connection-test-button";
import { requireTenant } from "@/components/dashboard/session";
import { testConnection } from "@/lib/eid/connections/check";
import { ConnectionInputError } from "@/lib/eid/connections/connection-input-error";
import { deleteConnection, saveConnection } from "@/lib/eid/connections/service";
import { OAuthError } from "@/lib/oauth/errors";
import { familyFormSpec, findFamilyConnection } from "./family-spec";

const OWNERS_ONLY = "Only owners of this tenant can change its eID connections.";

async function familyContext(tenantId: string, family: string) {
  const path = `/dashboard/t/${tenantId}/eids/${encodeURIComponent(family)}`;
  const { access, actor } = await requireTenant(tenantId, path);
  const spec = familyFormSpec(family);
  if (!spec) notFound();
  return { access, actor, spec, path };
}

export async function saveConnectionAction(tenantId: string, family: string, _state: EidFormState, form: FormData): Promise<EidFormState> {
  const { access, actor, spec, path } = await familyContext(tenantId, family);
  const values = eidFormValues(form);
  if (access.role !== "owner") return { errors: { form: OWNERS_ONLY }, values };
  if (access.tenant.environment !== "production") return { errors: { form: "Test tenants use the built-in simulators." }, values };
  try {
    const secrets = await eidFormSecrets(form);
    const stored = storedSecretsOf(await findFamilyConnection(tenantId, family));
    await saveConnection(tenantId, connectionInputOf(values, secrets, spec, stored), actor);
  } catch (error) {
    if (error instanceof EidFormInputError) return { errors: { [error.field]: error.message }, values };
    if (error instanceof ConnectionInputError) {
      const { field, message } = formErrorOf(error);
      return { errors: { [field]: message }, values };
    }
    if (error instanceof OAuthError) return { errors: { form: error.description }, values };
    throw error;
  }
  revalidatePath(path);
  revalidatePath(`/dashboard/t/${tenantId}/eids`);
  return { values, saved: true };
}

/** Tests the saved connection; the outcome is recorded on it and the page shows it as the last test. */
export async function testConnectionAction(tenantId: string, family: string): Promise<TestConnectionResult> {
  const { path } = await familyContext(tenantId, family);
  const connection = await findFamilyConnection(tenantId, family);
  if (!connection) return { error: "Save the connection first." };
  const outcome = await testConnection(connection);
  revalidatePath(path);
  return { ok: outcome.ok };
}

export async function deleteConnectionAction(tenantId: string, family: string): Promise<void> {
  const { access, actor } = await familyContext(tenantId, family);
  if (access.role !== "owner") throw new Error(OWNERS_ONLY);
  const connection = await findFamilyConnection(tenantId, family);
  if (connection) await deleteConnection(tenantId, connection.id, actor);
  revalidatePath(`/dashboard/t/${tenantId}/eids`);
  redirect(`/dashboard/t/${tenantId}/eids`);
}
